// The submit half of every form that sends its values to the server: a busy flag while the call
// runs, and the server's field messages put on their fields when it answers with them. The API client
// has already shown any other failure; the form stays as it is for another try.
import type { FormInstance } from "antd";
import { useState } from "react";
import { applyFieldErrors, validValues } from "./form-rules";

type Options<Values> = {
  /** The call with the form's valid values; a throw is a failure. */
  action(values: Values): Promise<void>;
  /** A failure the server did not put on a field (a business refusal, a wrong old password…). */
  onOtherError?(error: unknown): void | Promise<void>;
};

export function useFormSubmit<Values>(form: FormInstance<Values>, { action, onOtherError }: Options<Values>) {
  const [saving, setSaving] = useState(false);

  /** For a Form's onFinish, where antd has just validated the values. */
  const run = async (values: Values) => {
    setSaving(true);
    try {
      await action(values);
    } catch (error) {
      if (!applyFieldErrors(form, error)) {
        // Awaited only when it is async (first login navigates), so that a plain handler's state
        // change lands in the same render as the end of saving.
        const handled = onOtherError?.(error);
        if (handled) await handled;
      }
    } finally {
      setSaving(false);
    }
  };

  /** For a button outside the form (a dialog's OK): invalid fields show their messages and stop it. */
  const submit = async () => {
    const values = await validValues(form);
    if (values) await run(values);
  };

  return { saving, run, submit };
}
