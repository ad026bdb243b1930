// The users of the import bench (bench/user-import.ts): the file's lines and the baseline's rows
// are made from the same function, so both write the same users.

export const bcryptHash = '$2b$10$7lDIe8geJtyiIetfnoooC.NmI51n7ab9n1jMH7n2uiqO0OsJJUbke';
const firstSignUp = 1_600_000_000_000;

/** The i-th user, as a line of authd's JSONL. */
export const benchUser = (i: number) => ({
  external_id: `bench-${i}`,
  primary_email: `bench-${i}@example.com`,
  primary_email_verified: true,
  display_name: `Bench User ${i}`,
  signed_up_at_millis: firstSignUp + i * 1000,
  password_hash: bcryptHash,
});
