import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as authLogin } from "@/app/auth/login/route";
import { GET as login } from "@/app/login/route";
import { GET as signin } from "@/app/signin/route";

afterEach(() => vi.unstubAllEnvs());

const location = (res: Response) => res.headers.get("location");

describe("/login, /signin and /auth/login", () => {
  it("redirect to /sign-in, keeping a same-origin callbackUrl", () => {
    vi.stubEnv("PUBLIC_URL", "");
    for (const handler of [login, signin, authLogin]) {
      const res = handler(new Request("http://console.test/login?callbackUrl=%2Fcases%3Fq%3DAF1"));
      expect(res.status).toBe(307);
      expect(location(res)).toBe("/sign-in?callbackUrl=%2Fcases%3Fq%3DAF1");
    }
    expect(location(login(new Request("http://console.test/login")))).toBe("/sign-in");
  });

  it("never carry an open redirect along", () => {
    vi.stubEnv("PUBLIC_URL", "");
    for (const evil of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const res = login(new Request(`http://console.test/login?callbackUrl=${encodeURIComponent(evil)}`));
      expect(location(res)).toBe("/sign-in?callbackUrl=%2Fcases");
    }
  });

  it("answer on PUBLIC_URL's origin when it is set", () => {
    vi.stubEnv("PUBLIC_URL", "https://console.example.com/");
    expect(location(signin(new Request("http://0.0.0.0:3000/signin?callbackUrl=/board")))).toBe("https://console.example.com/sign-in?callbackUrl=%2Fboard");
  });
});
