// A device's name from its user agent, for people to recognise their own sessions and read the
// security journal ("Chrome sur Android"). Approximate on purpose: a few families cover the
// firm's users; a full parser (ua-parser-js: 20 KiB) would weigh on the profile page for a label.

const browsers: ReadonlyArray<[RegExp, string]> = [
  [/\bEdgA?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bSafari\//, "Safari"],
  [/\bcurl\//, "curl"],
];

const systems: ReadonlyArray<[RegExp, string]> = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** "Chrome sur Android", "Firefox", "Appareil inconnu". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return "Appareil inconnu";
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} sur ${system}`;
  return browser ?? system ?? "Appareil inconnu";
}
