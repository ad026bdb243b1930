// Errors the wire sends as plain text with a status and no known-error code (wire §2.3,
// "status errors"), such as "Duplicated domain found". The SDK turns them into generic errors.
export class StatusError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'StatusError';
    this.status = status;
  }
}
