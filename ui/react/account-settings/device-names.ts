// A device's name for the list of sessions, from the user agent its sign-in or last refresh sent:
// "Chrome on macOS". A few patterns, not a user-agent library: telling one's own devices apart
// needs the browser and system families, not versions. Unknown agents keep a neutral name.
const browsers: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

// Order matters: iOS agents say "like Mac OS X", Android and ChromeOS ones say Linux.
const systems: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];

export const unknownDeviceName = 'Signed-in device';

/** How the names are put together, in the page's language (English by default). */
export interface DeviceWords {
  browserOnSystem(browser: string, system: string): string;
  systemDevice(system: string): string;
  unknown: string;
}

const englishWords: DeviceWords = {
  browserOnSystem: (browser, system) => `${browser} on ${system}`,
  systemDevice: (system) => `${system} device`,
  unknown: unknownDeviceName,
};

export function describeDevice(userAgent: string | null, words: DeviceWords = englishWords): string {
  if (!userAgent) return words.unknown;
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return words.browserOnSystem(browser, system);
  return browser ?? (system ? words.systemDevice(system) : words.unknown);
}
