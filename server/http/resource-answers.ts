// The answers Stack's REST API gives for a change that has no object to show: `{ success: true }`
// once the change is made, and 201 with the new object for a creation. Routes answer through
// these so that the shape is written once.

/** Waits for the change, then answers `{ success: true }` (a rejection answers its error instead). */
export async function succeeded(change: Promise<unknown>): Promise<{ success: true }> {
  await change;
  return { success: true };
}

/** Waits for the creation, then answers 201 with what it made (a rejection keeps its own status). */
export async function created<T>(set: { status?: number | string }, creation: Promise<T>): Promise<T> {
  const made = await creation;
  set.status = 201;
  return made;
}
