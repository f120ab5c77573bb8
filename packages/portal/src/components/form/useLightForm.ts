import { useRef, useState, type FormEvent } from 'react';

/** A field's check: true when the value is good, else the message to show. */
export type FieldCheck = (value: string) => true | string;

/**
 * A small stand-in for react-hook-form's useForm, for public pages that must stay light (the login page's
 * JavaScript budget, DESIGN §10): uncontrolled inputs (browsers' autofill works), checked on submit and then
 * again as they change, the first field in error focused, `isSubmitting` while the handler runs — react-hook-form's
 * defaults, for plain text fields only.
 */
export function useLightForm<Name extends string>(checks: Record<Name, FieldCheck>) {
  const names = Object.keys(checks) as Name[];
  const inputs = useRef(new Map<Name, HTMLInputElement>());
  const [errors, setErrors] = useState<Partial<Record<Name, { message: string }>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  const valueOf = (name: Name) => inputs.current.get(name)?.value ?? '';
  const errorOf = (name: Name) => {
    const verdict = checks[name](valueOf(name));
    return verdict === true ? undefined : { message: verdict };
  };

  /** Props for the field's input: its name, ref and change handler. */
  const field = (name: Name) => ({
    name,
    ref: (el: HTMLInputElement | null) => {
      if (el) inputs.current.set(name, el);
      else inputs.current.delete(name);
    },
    onChange: () => {
      if (submitted) setErrors((prev) => ({ ...prev, [name]: errorOf(name) }));
    },
  });

  /** The form's submit handler: checks every field, then calls `onValid` with the values when all are good. */
  const handleSubmit = (onValid: (values: Record<Name, string>) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found: Partial<Record<Name, { message: string }>> = {};
    for (const name of names) found[name] = errorOf(name);
    setErrors(found);
    const firstWrong = names.find((name) => found[name]);
    if (firstWrong) {
      inputs.current.get(firstWrong)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onValid(Object.fromEntries(names.map((name) => [name, valueOf(name)])) as Record<Name, string>);
    } finally {
      setSubmitting(false);
    }
  };

  return { field, handleSubmit, errors, isSubmitting };
}
