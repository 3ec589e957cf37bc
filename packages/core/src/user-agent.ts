/**
 * A device in words from its User-Agent header ("Chrome on Android", "Safari on iPhone"), for the
 * account center's Devices page and sign-in history. Only the browser's and the system's names: no
 * versions, no device models. A header is whatever the client sent, so the answer is a hint a
 * person can recognise, never evidence; anything unrecognised is "Unknown browser" / "unknown
 * device", never an error.
 */
export interface DeviceDescription {
  /** The browser's name, null when not recognised. */
  browser: string | null;
  /** The operating system or device, null when not recognised. */
  system: string | null;
  /** Both in one phrase: "Chrome on Android", "Firefox", "Unknown device". */
  words: string;
}

/** Browsers, most specific first: Edge, Opera and Samsung Internet also say "Chrome" and "Safari". */
const browserRules: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bFBA[NV]\/|\bFB_IAB\//, 'Facebook app'],
  [/\bInstagram\b/, 'Instagram app'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\bCriOS\//, 'Chrome'],
  [/\bHeadlessChrome\//, 'Chrome'],
  [/\b(Chrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\b(iPhone|iPad|iPod).*\bAppleWebKit\//, 'Safari'],
  [/\b(MSIE |Trident\/)/, 'Internet Explorer'],
  [/^curl\//, 'curl'],
];

/** Systems, most specific first: iPadOS and Android also say "like Mac OS X" and "Linux". */
const systemRules: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\biPod\b/, 'iPod'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows Phone\b/, 'Windows Phone'],
  [/\bWindows\b/, 'Windows'],
  [/\b(Macintosh|Mac OS X)\b/, 'Mac'],
  [/\bUbuntu\b/, 'Ubuntu'],
  [/\b(Linux|X11)\b/, 'Linux'],
];

const firstMatch = (rules: ReadonlyArray<readonly [RegExp, string]>, text: string) =>
  rules.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/** Longer headers are cut: the names sit near the start, and no pattern should run on megabytes. */
const MAX_SCANNED = 512;

export const describeUserAgent = (userAgent: string | null | undefined): DeviceDescription => {
  const text = (userAgent ?? '').slice(0, MAX_SCANNED);
  const browser = firstMatch(browserRules, text);
  const system = firstMatch(systemRules, text);
  const words =
    browser && system
      ? `${browser} on ${system}`
      : (browser ?? (system ? `Browser on ${system}` : 'Unknown device'));
  return { browser, system, words };
};
