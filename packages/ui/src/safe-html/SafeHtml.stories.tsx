import type { Meta, StoryObj } from '@storybook/react-vite';
import { SafeHtml } from './SafeHtml';

const meta = {
  title: 'SafeHtml',
  component: SafeHtml,
} satisfies Meta<typeof SafeHtml>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ServerContent: Story = {
  args: { html: '<h2>Collector info</h2><p>Download the <a href="#collector">collector</a> and run it.</p>' },
};

export const HostileContentRemoved: Story = {
  args: {
    html: '<p onclick="alert(1)">Only this text remains.</p><script>alert(2)</script><img src="x" onerror="alert(3)" alt=""><a href="javascript:alert(4)">link without href</a>',
  },
};
