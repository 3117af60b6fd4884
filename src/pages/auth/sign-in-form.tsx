import { theme } from 'antd';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';

/**
 * The rules of src/lib/validation.ts the login checks: `required` (a blank value is empty with
 * `whitespace`) and `pattern`, checked as antd's Form checks them.
 */
export interface PlainRule {
  required?: boolean;
  whitespace?: boolean;
  pattern?: RegExp;
  message: string;
  min?: never;
  max?: never;
}

function failures(rules: readonly PlainRule[], value: string): string[] {
  const fails = (rule: PlainRule) =>
    rule.required ? (rule.whitespace ? !value.trim() : value === '') : Boolean(rule.pattern) && value !== '' && !rule.pattern!.test(value);
  return rules.filter(fails).map((rule) => rule.message);
}

/**
 * The login's two forms without antd's Form (which brings its grid, label tooltip and field
 * store, a tenth of the login screen's JavaScript): each field is checked as it changes and
 * all of them on submit, as antd's Form does with the same rules; the messages show under
 * their field (<SignInField>).
 */
export function useSignInForm<F extends string>(fieldRules: Record<F, readonly PlainRule[]>) {
  const names = Object.keys(fieldRules) as F[];
  const [values, setValues] = useState(() => Object.fromEntries(names.map((name) => [name, ''])) as Record<F, string>);
  const [errors, setErrors] = useState<Partial<Record<F, string[]>>>({});

  const check = (checked: F[]): boolean => {
    const found = Object.fromEntries(checked.map((name) => [name, failures(fieldRules[name], values[name])])) as Record<F, string[]>;
    setErrors((previous) => ({ ...previous, ...found }));
    return checked.every((name) => found[name].length === 0);
  };

  return {
    errors,
    /** The props of the field's antd Input. */
    input: (name: F) => ({
      value: values[name],
      status: errors[name]?.length ? ('error' as const) : undefined,
      'aria-invalid': Boolean(errors[name]?.length),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.target.value;
        setValues((previous) => ({ ...previous, [name]: value }));
        setErrors((previous) => ({ ...previous, [name]: failures(fieldRules[name], value) }));
      },
    }),
    onSubmit: (finish: (values: Record<F, string>) => void) => (event: FormEvent) => {
      event.preventDefault();
      if (check(names)) finish(values);
    },
    /** What <SmsCodeButton> asks of a form. */
    getFieldValue: (name: F): string => values[name],
    validateFields: (checked: F[]): Promise<void> =>
      check(checked) ? Promise.resolve() : Promise.reject(new Error('invalid')),
  };
}

/** A field and its messages, spaced as antd's Form.Item (see .auth-field in styles.css). */
export function SignInField({ errors, children }: { errors?: string[]; children: ReactNode }) {
  const { token } = theme.useToken();
  const failed = Boolean(errors?.length);
  return (
    <div className={failed ? 'auth-field auth-field--error' : 'auth-field'}>
      {children}
      {failed && (
        <div role="alert" className="auth-field__error" style={{ color: token.colorError }}>
          {errors!.map((error) => (
            <div key={error}>{error}</div>
          ))}
        </div>
      )}
    </div>
  );
}
