import { TextField } from '@assessment/ui/form';
import { lazy, Suspense, useState } from 'react';
import type { RepEmailComboBoxProps } from './RepEmailComboBox';

// React Aria's combobox, list box and popover (~50 KB gz) load after the page; a plain field stands in meanwhile.
const RepEmailComboBox = lazy(() =>
  import('./RepEmailComboBox').then((module) => ({ default: module.RepEmailComboBox })),
);

/** Primary-rep email with its type-ahead; what is typed before the type-ahead loads is kept. */
export function RepEmailField({ label, initialEmail, onChange }: RepEmailComboBoxProps) {
  const [typed, setTyped] = useState(initialEmail);
  const change = (email: string) => {
    setTyped(email);
    onChange(email);
  };
  return (
    <Suspense
      fallback={<TextField label={label} type="email" value={typed} onChange={change} showHint={false} />}
    >
      <RepEmailComboBox label={label} initialEmail={typed} onChange={change} />
    </Suspense>
  );
}
