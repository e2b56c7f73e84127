import { createRef } from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { NativeSelect } from "./native-select";

describe("NativeSelect", () => {
  it("is a native select that passes its props and ref through and lets className override the height", async () => {
    const ref = createRef<HTMLSelectElement>();
    const onChange = vi.fn();
    render(
      <NativeSelect ref={ref} aria-label="Role" className="h-9 w-full" defaultValue="a" onChange={onChange}>
        <option value="a">A</option>
        <option value="b">B</option>
      </NativeSelect>,
    );
    const select = screen.getByRole("combobox", { name: "Role" });
    expect(ref.current).toBe(select);
    expect(select).toHaveClass("h-9", "w-full", "border-input");
    expect(select).not.toHaveClass("h-10");
    await userEvent.selectOptions(select, "b");
    expect(onChange).toHaveBeenCalledOnce();
    expect(select).toHaveValue("b");
  });
});
