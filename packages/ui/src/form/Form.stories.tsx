import type { Meta, StoryObj } from '@storybook/react-vite';
import { DISABLE_NOTE_MAXLENGTH } from '../constants';
import { Form, NumberInput, SubmitButton, TextArea, TextField } from './index';

const meta = {
  title: 'Form',
  component: Form,
} satisfies Meta<typeof Form>;
export default meta;
type Story = StoryObj<typeof meta>;

export const EditProfile: Story = {
  render: () => (
    <Form
      aria-label="Edit profile"
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      <TextField label="First name" name="firstName" defaultValue="Ada" isRequired />
      <TextField label="Last name" name="lastName" defaultValue="Lovelace" isRequired />
      <SubmitButton>Save changes</SubmitButton>
    </Form>
  ),
};

export const MoreInformationBlocksEnter: Story = {
  render: () => (
    <Form
      aria-label="More information"
      blockEnter
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      <TextField label="Company" name="company" />
      <TextArea label="Details" name="details" description="Enter does not submit this form." />
      <SubmitButton requiresChange={false}>Send</SubmitButton>
    </Form>
  ),
};

export const TextAreaCounter: Story = {
  render: () => <TextArea label="Comments" defaultValue="Some text already typed." />,
};

export const DisableNote500: Story = {
  render: () => (
    <TextArea
      label="Disable note"
      maxLength={DISABLE_NOTE_MAXLENGTH}
      isLimitEnforced={false}
      isRequired
      defaultValue={'Long note. '.repeat(46)}
    />
  ),
};

export const TextAreaAtLimit: Story = {
  render: () => <TextArea label="Short note" maxLength={10} defaultValue="0123456789" />,
};

export const NumberWithHints: Story = {
  render: () => (
    <NumberInput label="Local disk count" minValue={0} maxValue={25} isRequired defaultValue="4" />
  ),
};

export const ServerError: Story = {
  render: () => <TextField label="Project name" isInvalid errorMessage="Enter a project name." />,
};

export const ProjectNameFilter: Story = {
  render: () => (
    <TextField
      label="Project name"
      description="Letters, digits, spaces, dashes and underscores."
      filter={(t) => t.replace(/[^A-Za-z0-9 _-]/g, '')}
      maxLength={50}
    />
  ),
};
