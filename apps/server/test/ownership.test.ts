// The shared-object rule of spec §6 as one function: anyone may change an unshared object, only
// the creator a shared one, nobody a built-in one.
import { describe, expect, it } from "vitest";
import { assertMayChange, assertMayShare, mayChange } from "../src/modules/iam/ownership";
import { DomainError } from "../src/platform/http/errors";

const creator = { userId: "creator" };
const colleague = { userId: "colleague" };

function refusal(run: () => void): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return error.key;
    throw error;
  }
}

describe("assertMayChange", () => {
  it("lets every administrator change an unshared object", () => {
    const object = { shared: false, createdBy: "creator" };
    expect(refusal(() => assertMayChange(object, creator))).toBeUndefined();
    expect(refusal(() => assertMayChange(object, colleague))).toBeUndefined();
    expect(mayChange(object, colleague)).toBe(true);
  });

  it("lets only the creator change a shared object", () => {
    const object = { shared: true, createdBy: "creator" };
    expect(refusal(() => assertMayChange(object, creator))).toBeUndefined();
    expect(refusal(() => assertMayChange(object, colleague))).toBe("NOT_CREATOR");
    expect(mayChange(object, colleague)).toBe(false);
  });

  it("lets nobody change a shared object whose creator is unknown", () => {
    expect(refusal(() => assertMayChange({ shared: true, createdBy: null }, creator))).toBe("NOT_CREATOR");
  });

  it("keeps built-in objects read-only, even for their creator", () => {
    const object = { shared: false, createdBy: "creator", builtIn: true };
    expect(refusal(() => assertMayChange(object, creator))).toBe("BUILT_IN_READ_ONLY");
    expect(mayChange(object, creator)).toBe(false);
  });
});

describe("assertMayShare", () => {
  it("leaves sharing and unsharing to the creator", () => {
    const unshared = { shared: false, createdBy: "creator" };
    expect(refusal(() => assertMayShare(unshared, creator, true))).toBeUndefined();
    expect(refusal(() => assertMayShare(unshared, colleague, true))).toBe("NOT_CREATOR");
    expect(refusal(() => assertMayShare(unshared, colleague, false))).toBeUndefined();
  });
});
