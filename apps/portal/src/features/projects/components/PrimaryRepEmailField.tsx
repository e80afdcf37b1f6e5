import { TextField } from '@/components/form';
import { lazy, Suspense, useState } from 'react';
import type { PrimaryRepComboBoxProps } from './PrimaryRepComboBox';

// React Aria's combobox, list box and popover (~50 KB gz) load after the page; a plain field stands in meanwhile.
const PrimaryRepComboBox = lazy(() =>
  import('./PrimaryRepComboBox').then((module) => ({ default: module.PrimaryRepComboBox })),
);

/** Primary-rep email with its type-ahead; what is typed before the type-ahead loads is kept. */
export function PrimaryRepEmailField({ label, initialEmail, onChange }: PrimaryRepComboBoxProps) {
  const [typed, setTyped] = useState(initialEmail);
  const change = (email: string) => {
    setTyped(email);
    onChange(email);
  };
  return (
    <Suspense
      fallback={<TextField label={label} type="email" value={typed} onChange={change} showHint={false} />}
    >
      <PrimaryRepComboBox label={label} initialEmail={typed} onChange={change} />
    </Suspense>
  );
}
