import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  FileDropZone,
  IOKIT_EXTENSIONS,
  IOKIT_MAX_FILE_BYTES,
  LOGO_EXTENSIONS,
  LOGO_MAX_BYTES,
  useUploadQueue,
  type UploadItem,
} from './index';

const MB = 1024 * 1024;

const meta = {
  title: 'FileDropZone',
  component: FileDropZone,
  args: { items: [], onFilesAccepted: () => undefined },
} satisfies Meta<typeof FileDropZone>;
export default meta;
type Story = StoryObj<typeof meta>;

export const IokitEmpty: Story = {
  args: { acceptedExtensions: IOKIT_EXTENSIONS, maxFileBytes: IOKIT_MAX_FILE_BYTES, maxTotalBytes: 500 * MB },
};

const queue: UploadItem[] = [
  { id: '1', name: 'site-a.iokit', size: 42 * MB, status: 'done' },
  { id: '2', name: 'site-b.iokit', size: 61 * MB, status: 'uploading', progress: 45 },
  { id: '3', name: 'site-c.iokit', size: 3 * MB, status: 'queued' },
  {
    id: '4',
    name: 'site-d.iokit',
    size: 8 * MB,
    status: 'error',
    errorMessage: 'The server could not read this file.',
  },
];

export const IokitQueue: Story = {
  args: {
    acceptedExtensions: IOKIT_EXTENSIONS,
    maxFileBytes: IOKIT_MAX_FILE_BYTES,
    maxTotalBytes: 500 * MB,
    items: queue,
    onRemove: () => undefined,
  },
};

export const PromoLogo: Story = {
  args: { acceptedExtensions: LOGO_EXTENSIONS, maxFileBytes: LOGO_MAX_BYTES, allowsMultiple: false },
};

export const Disabled: Story = { args: { isDisabled: true, acceptedExtensions: IOKIT_EXTENSIONS } };

function SimulatedUploads() {
  const upload = useUploadQueue({
    upload: async (file, { onProgress, signal }) => {
      for (let p = 0; p <= 100; p += 20) {
        if (signal.aborted) throw new Error('Cancelled');
        onProgress(p);
        await new Promise((r) => setTimeout(r, 250));
      }
      if (file.name.includes('bad')) throw new Error('The server rejected this file.');
    },
  });
  return (
    <FileDropZone
      items={upload.items}
      onFilesAccepted={upload.addFiles}
      onRemove={upload.remove}
      acceptedExtensions={IOKIT_EXTENSIONS}
      maxFileBytes={IOKIT_MAX_FILE_BYTES}
      maxTotalBytes={500 * MB}
    />
  );
}

export const WithUploadQueue: Story = { render: () => <SimulatedUploads /> };
