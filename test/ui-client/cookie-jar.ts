// A minimal stand-in for a browser's `document.cookie` in Bun: the setter takes one Set-Cookie-like
// string (max-age 0 deletes), the getter lists live cookies as `name=value; …`. It also keeps each
// cookie's attributes so tests can check how the library writes them.

export interface JarCookie {
  value: string;
  attributes: Record<string, string | true>;
}

export class CookieJar {
  readonly cookies = new Map<string, JarCookie>();
  /** Every string assigned to `cookie`, in order. */
  readonly writes: string[] = [];

  get cookie(): string {
    return [...this.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
  }

  set cookie(assignment: string) {
    this.writes.push(assignment);
    const [pair, ...rest] = assignment.split(';');
    const separator = pair!.indexOf('=');
    const name = pair!.slice(0, separator).trim();
    const value = pair!.slice(separator + 1).trim();
    const attributes: Record<string, string | true> = {};
    for (const part of rest) {
      const [key, attributeValue] = part.split('=');
      attributes[key!.trim().toLowerCase()] = attributeValue === undefined ? true : attributeValue.trim();
    }
    if (attributes['max-age'] !== undefined && Number(attributes['max-age']) <= 0) this.cookies.delete(decodeURIComponent(name));
    else this.cookies.set(decodeURIComponent(name), { value, attributes });
  }

  /** The decoded value of a cookie, or undefined. */
  valueOf(name: string): string | undefined {
    const found = this.cookies.get(name);
    return found === undefined ? undefined : decodeURIComponent(found.value);
  }
}
