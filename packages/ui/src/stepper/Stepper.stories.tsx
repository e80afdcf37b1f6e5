import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Stepper, type StepperStep } from './index';

const basicSteps: StepperStep[] = [
  { id: 'type', title: 'Upload type', content: <p>Choose iokit or siokit.</p> },
  { id: 'name', title: 'Project name', content: <p>Name the project.</p> },
  { id: 'files', title: 'Files', content: <p>Add the collector files.</p> },
];

const meta = {
  title: 'Stepper',
  component: Stepper,
  args: { steps: basicSteps },
} satisfies Meta<typeof Stepper>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstStep: Story = {};
export const MiddleStep: Story = { args: { defaultIndex: 1 } };
export const LastStepWithFinish: Story = { args: { defaultIndex: 2, onComplete: () => undefined } };
export const NextDisabled: Story = { args: { isNextDisabled: true } };

function ValidatedDemo() {
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const steps: StepperStep[] = [
    {
      id: 'name',
      title: 'Project name',
      content: (
        <label>
          Project name{' '}
          <input
            value={name}
            aria-invalid={error ? true : undefined}
            aria-describedby="story-name-error"
            onChange={(e) => {
              setName(e.target.value);
              setError('');
            }}
          />
          <span id="story-name-error" role="alert">
            {error}
          </span>
        </label>
      ),
      validate: async () => {
        await new Promise((r) => setTimeout(r, 300));
        if (name.trim()) return true;
        setError('Enter a project name.');
        return false;
      },
    },
    { id: 'done', title: 'Review', content: <p>Project “{name}” is ready.</p> },
  ];
  return <Stepper steps={steps} onComplete={() => undefined} />;
}

export const AsyncValidation: Story = { render: () => <ValidatedDemo /> };
