import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";

describe("query client defaults (SPEC §9)", () => {
  it("keeps data fresh for 5 minutes, retries once, refetches on mount and reconnect but not on focus", () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries).toMatchObject({ staleTime: 300_000, retry: 1, refetchOnWindowFocus: false, refetchOnMount: true, refetchOnReconnect: true });
  });
});
