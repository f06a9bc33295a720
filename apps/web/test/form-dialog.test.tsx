// The dialog shell every form dialog uses: it sends only valid values, spins while the call runs,
// keeps the dialog open with the server's reasons on a failure, and empties itself when asked.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { App as AntApp, Form, Input } from "antd";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FormDialog } from "../src/components/form-dialog";
import { i18n, loadTexts, setLanguage } from "../src/i18n";
import { ApiError } from "../src/lib/api-client";

afterEach(cleanup);
beforeAll(async () => {
  await loadTexts();
  await setLanguage("en-US");
});

type Values = { name: string };
type Options = { resetOnSuccess?: boolean; refusalTestId?: string };

function Harness({ onSubmit, options = {} }: { onSubmit(values: Values): Promise<void>; options?: Options }) {
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(true);
  return (
    <>
      {/* antd keeps a closing dialog's content until its animation ends, which happy-dom never runs. */}
      <output data-testid="dialog-state">{open ? "open" : "closed"}</output>
      <button type="button" onClick={() => setOpen(true)} data-testid="reopen">
        reopen
      </button>
      <FormDialog
        form={form}
        open={open}
        title="Name it"
        okText="Save"
        submitTestId="dialog-submit"
        onSubmit={async (values) => {
          await onSubmit(values);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
        initialValues={{ name: "" }}
        {...options}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, message: "Name needed" }]}>
          <Input data-testid="dialog-name" />
        </Form.Item>
      </FormDialog>
    </>
  );
}

function show(onSubmit: (values: Values) => Promise<void>, options?: Options) {
  return render(
    <I18nextProvider i18n={i18n}>
      <AntApp>
        <Harness onSubmit={onSubmit} options={options} />
      </AntApp>
    </I18nextProvider>,
  );
}

const type = (value: string) => fireEvent.change(screen.getByTestId("dialog-name"), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId("dialog-submit"));

describe("FormDialog", () => {
  it("does not send invalid values and shows the field's message", async () => {
    const onSubmit = vi.fn(async () => {});
    show(onSubmit);
    submit();
    await screen.findByText("Name needed");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends the values, spins while the call runs and closes on success", async () => {
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    show(onSubmit);
    type("Alice");
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: "Alice" }));
    await waitFor(() => expect(screen.getByTestId("dialog-submit").className).toContain("ant-btn-loading"));
    finish();
    await waitFor(() => expect(screen.getByTestId("dialog-state").textContent).toBe("closed"));
  });

  it("puts the server's field messages on their fields and stays open", async () => {
    const refused = new ApiError("validation", 400, "Invalid", {
      fields: [{ path: "name", message: "Name taken" }],
    });
    show(async () => {
      throw refused;
    });
    type("Alice");
    submit();
    await screen.findByText("Name taken");
    expect((screen.getByTestId("dialog-name") as HTMLInputElement).value).toBe("Alice");
    expect(screen.getByTestId("dialog-submit").className).not.toContain("ant-btn-loading");
  });

  it("empties the form after a success only when asked to", async () => {
    show(async () => {});
    type("Alice");
    submit();
    await waitFor(() => expect(screen.getByTestId("dialog-state").textContent).toBe("closed"));
    fireEvent.click(screen.getByTestId("reopen"));
    expect(((await screen.findByTestId("dialog-name")) as HTMLInputElement).value).toBe("Alice");
    cleanup();

    show(async () => {}, { resetOnSuccess: true });
    type("Bob");
    submit();
    await waitFor(() => expect(screen.getByTestId("dialog-state").textContent).toBe("closed"));
    fireEvent.click(screen.getByTestId("reopen"));
    expect(((await screen.findByTestId("dialog-name")) as HTMLInputElement).value).toBe("");
  });

  it("shows a business refusal in the dialog when asked, and clears it on the next try", async () => {
    let finish = () => {};
    const onSubmit = vi
      .fn<(values: Values) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError("business", 23014, "Not your own request"))
      .mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    show(onSubmit, { refusalTestId: "dialog-refusal" });
    type("Alice");
    submit();
    expect((await screen.findByTestId("dialog-refusal")).textContent).toContain("Not your own request");
    await waitFor(() =>
      expect(screen.getByTestId("dialog-submit").className).not.toContain("ant-btn-loading"),
    );
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByTestId("dialog-refusal")).toBeNull());
    finish();
    await waitFor(() => expect(screen.getByTestId("dialog-state").textContent).toBe("closed"));
  });
});
