import { afterEach, describe, expect, it } from "vitest";
import { driverMessages, profileMessages } from "@routepilot/contracts";
import { errorMessage } from "@/lib/api-client";
import { apiErrorFromBody, errorKeysOf } from "@/lib/api-error-body";
import { i18n } from "@/lib/i18n";

// Issue 30 (decision 028, "Server message codes"): requests outside apiRequest keep the keys.
afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("apiErrorFromBody", () => {
  it("reads a RoutePilot error body with its key and field keys, shown in the reader's language", async () => {
    const error = apiErrorFromBody(422, {
      error: {
        code: "VALIDATION_FAILED",
        message: driverMessages.proofRequired,
        key: "driver.proofRequired",
        fields: { email: profileMessages.emailSame },
        fieldKeys: { email: { key: "profile.emailSame" } },
      },
    });
    expect(error).toMatchObject({ status: 422, code: "VALIDATION_FAILED", message: driverMessages.proofRequired, ref: { key: "driver.proofRequired" } });
    expect(errorMessage(error)).toBe(driverMessages.proofRequired);
    await i18n.changeLanguage("de");
    expect(errorMessage(error)).not.toBe(driverMessages.proofRequired);
    expect(errorMessage(error)).toBe(i18n.t("errors:driver.proofRequired"));
    expect(error?.localizedFields?.email).toBe(i18n.t("errors:profile.emailSame"));
  });

  it("passes a message function's parameters", () => {
    const error = apiErrorFromBody(409, { error: { code: "CONFLICT", message: driverMessages.routeChanged("Monday north"), key: "driver.routeChanged", params: { route: "Monday north" } } });
    expect(error?.ref).toEqual({ key: "driver.routeChanged", params: { route: "Monday north" } });
    expect(errorMessage(error)).toBe(driverMessages.routeChanged("Monday north"));
  });

  it("is undefined for anything else", () => {
    expect(apiErrorFromBody(500, undefined)).toBeUndefined();
    expect(apiErrorFromBody(400, { code: "X", message: "flat" })).toBeUndefined();
  });
});

describe("errorKeysOf", () => {
  it("prefers the keys the body names", () => {
    expect(errorKeysOf({ key: "profile.emailSame" }, "anything")).toEqual({ ref: { key: "profile.emailSame" }, fieldKeys: undefined });
  });

  it("keys a contracts text by its words when the body names none; other texts get no key", () => {
    expect(errorKeysOf({}, profileMessages.emailSame, { email: profileMessages.emailSame, name: "Not ours" })).toEqual({
      ref: { key: "profile.emailSame" },
      fieldKeys: { email: { key: "profile.emailSame" } },
    });
    expect(errorKeysOf({}, "Not ours")).toEqual({ ref: undefined, fieldKeys: undefined });
  });
});
