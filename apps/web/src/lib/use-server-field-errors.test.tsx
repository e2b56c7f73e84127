import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { fieldErrorAt, useServerFieldErrors } from "@/lib/use-server-field-errors";

function Form({ error }: { error: unknown }) {
  const server = useServerFieldErrors(error);
  return (
    <form ref={server.ref}>
      <label>
        Name <input name="name" />
      </label>
      <fieldset data-field="start">
        <legend>Start</legend>
        <label>
          Latitude <input />
        </label>
      </fieldset>
      {server.fieldError("start") ? <p>{server.fieldError("start")}</p> : null}
      {server.formError ? <p role="alert">{server.formError}</p> : null}
    </form>
  );
}

describe("server field errors (decision 018)", () => {
  it("finds a field's message by its key or a key under it", () => {
    const fields = { "start.lat": "Latitude is out of range", name: "Required" };
    expect(fieldErrorAt(fields, "name")).toBe("Required");
    expect(fieldErrorAt(fields, "start")).toBe("Latitude is out of range");
    expect(fieldErrorAt(fields, "star")).toBeUndefined();
  });

  it("marks the named controls invalid, focuses the first and clears them with the next answer", () => {
    const error = new ApiError(400, "VALIDATION_ERROR", "Latitude is out of range", { "start.lat": "Latitude is out of range", name: "Required" });
    const { rerender } = render(<Form error={error} />);
    const name = screen.getByRole("textbox", { name: "Name" });
    const lat = screen.getByRole("textbox", { name: "Latitude" });
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(lat).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveFocus();
    expect(screen.getByText("Latitude is out of range")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    rerender(<Form error={null} />);
    expect(name).not.toHaveAttribute("aria-invalid");
    expect(lat).not.toHaveAttribute("aria-invalid");
  });

  it("shows what no control is named for as the form's error", () => {
    const { rerender } = render(<Form error={new ApiError(400, "VALIDATION_ERROR", "Choose a driver for Van 2", { "vehicleIds.1": "Choose a driver for Van 2" })} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Choose a driver for Van 2");
    rerender(<Form error={new ApiError(400, "VALIDATION_ERROR", "Required", { name: "Required", body: "Too many stops" })} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Too many stops");
    rerender(<Form error={new ApiError(409, "CONFLICT", "That name is taken")} />);
    expect(screen.getByRole("alert")).toHaveTextContent("That name is taken");
  });
});
