// Profile images a client may set, for users and teams alike.
// Clients upload images as data, never as links to elsewhere.
const clientProfileImagePattern = /^(data:image\/(png|jpg|jpeg|gif|bmp|webp);base64,)?[A-Za-z0-9+/]+={0,2}$/;

export function isClientProfileImage(value: string): boolean {
  return clientProfileImagePattern.test(value);
}
