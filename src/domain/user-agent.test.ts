import { describe, expect, test } from "vitest";
import { describeUserAgent } from "./user-agent";

describe("describeUserAgent", () => {
  test.each([
    [
      "Mozilla/5.0 (Linux; Android 14; SM-A146P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
      "Chrome sur Android",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari sur iPhone",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0",
      "Edge sur Windows",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:133.0) Gecko/20100101 Firefox/133.0",
      "Firefox sur macOS",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/140.0 Safari/537.36", "Chrome sur Linux"],
    ["curl/8.5.0", "curl"],
    ["", "Appareil inconnu"],
    [null, "Appareil inconnu"],
  ])("%s -> %s", (agent, expected) => {
    expect(describeUserAgent(agent)).toBe(expected);
  });
});
