// @vitest-environment node
// Server rendering: every subpath export of the kit imports in plain Node (no DOM: no window, no document) and
// renders with react-dom/server. Each case imports its subpath itself (one failing import fails one test); a new
// subpath without a case here fails the first test.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };

const SRC = import.meta.dirname;

/** The component subpaths: `./*` of the exports, i.e. every folder with an index.ts but the internal ones. */
const SUBPATHS = readdirSync(SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(SRC, entry.name, 'index.ts')))
  .map((entry) => entry.name)
  .filter((name) => name !== 'internal')
  .sort();

const MALICIOUS = '<b>bold</b><img src=x onerror="alert(1)"><script>alert(2)</script>';

interface Case {
  element: ReactElement;
  /** What the server markup must contain. */
  expected: RegExp;
}

/** One case per subpath: its import and an element built from what it exports. */
const CASES: Record<string, () => Promise<Case>> = {
  accordion: async () => {
    const { Accordion, AccordionItem } = await import('./accordion/index');
    return {
      element: (
        <Accordion storageKey="ssr.accordion">
          <AccordionItem id="one" title="Section one">
            Body one
          </AccordionItem>
        </Accordion>
      ),
      expected: /Section one/,
    };
  },
  button: async () => {
    const { Button } = await import('./button/index');
    return {
      element: <Button variant="secondary">Create project</Button>,
      expected: /<button[^>]*>.*Create project/,
    };
  },
  combobox: async () => {
    const { ComboBox } = await import('./combobox/index');
    return {
      element: <ComboBox label="Project" loadOptions={() => Promise.resolve([])} />,
      expected: /Project/,
    };
  },
  'cookie-notice': async () => {
    const { CookieNotice } = await import('./cookie-notice/index');
    return { element: <CookieNotice>We use cookies</CookieNotice>, expected: /^/ };
  },
  'date-picker': async () => {
    const { DatePicker, parseDate } = await import('./date-picker/index');
    return {
      element: <DatePicker label="Start date" defaultValue={parseDate('2026-01-15')} />,
      expected: /Start date/,
    };
  },
  'date-range-picker': async () => {
    const { DateRangePicker } = await import('./date-range-picker/index');
    return { element: <DateRangePicker label="Period" />, expected: /Period/ };
  },
  dialog: async () => {
    const { Dialog, MessageDialog } = await import('./dialog/index');
    return {
      element: (
        <>
          <Dialog title="Plain dialog" isOpen>
            Body
          </Dialog>
          <MessageDialog isOpen message={{ title: 'Server message', message: MALICIOUS, isHtml: true }} />
          <p>after the dialogs</p>
        </>
      ),
      // React Aria portals modals into document.body: on a server they render nothing (nothing unsafe either).
      expected: /after the dialogs/,
    };
  },
  'file-drop-zone': async () => {
    const { FileDropZone } = await import('./file-drop-zone/index');
    return { element: <FileDropZone items={[]} onFilesAccepted={() => undefined} />, expected: /.+/ };
  },
  form: async () => {
    const { Form, NumberInput, SubmitButton, TextArea, TextField } = await import('./form/index');
    return {
      element: (
        <Form>
          <TextField label="Name" />
          <TextArea label="Notes" />
          <NumberInput label="Count" />
          <SubmitButton>Save</SubmitButton>
        </Form>
      ),
      expected: /<form[^>]*>.*Name.*Notes.*Count.*Save/,
    };
  },
  'info-bar': async () => {
    const { InfoBar } = await import('./info-bar/index');
    return {
      element: <InfoBar label="Notice">Maintenance tonight</InfoBar>,
      expected: /Maintenance tonight/,
    };
  },
  'native-select': async () => {
    const { NativeSelect } = await import('./native-select/index');
    return {
      element: <NativeSelect label="Language" options={[{ id: 'de', label: 'Deutsch' }]} defaultValue="de" />,
      expected: /<select[^>]*>.*Deutsch/,
    };
  },
  progress: async () => {
    const { ProgressBar, Spinner } = await import('./progress/index');
    return {
      element: (
        <>
          <ProgressBar label="Upload" value={40} />
          <Spinner />
        </>
      ),
      expected: /aria-valuenow="40"/,
    };
  },
  'safe-html': async () => {
    const { SafeHtml } = await import('./safe-html/index');
    // No DOM to sanitize with: the wrapper renders empty, never the unsanitized HTML.
    return { element: <SafeHtml id="message" html={MALICIOUS} />, expected: /^<div id="message"><\/div>$/ };
  },
  select: async () => {
    const { SearchableSelect, Select } = await import('./select/index');
    const options = [{ id: 'en', label: 'English' }];
    return {
      element: (
        <>
          <Select label="Language" options={options} />
          <SearchableSelect label="Country" options={options} />
        </>
      ),
      expected: /Language.*Country/,
    };
  },
  'side-nav': async () => {
    const { SideNav } = await import('./side-nav/index');
    return { element: <SideNav items={[{ id: 'home', href: '/', label: 'Home' }]} />, expected: /Home/ };
  },
  stepper: async () => {
    const { Stepper } = await import('./stepper/index');
    const steps = [
      { id: 'one', title: 'Choose files', content: 'Step one' },
      { id: 'two', title: 'Review', content: 'Step two' },
    ];
    return { element: <Stepper steps={steps} />, expected: /Choose files/ };
  },
  table: async () => {
    const { createColumnHelper, DataTable } = await import('./table/index');
    const helper = createColumnHelper<{ name: string }>();
    return {
      element: (
        <DataTable
          caption="Projects"
          data={[{ name: 'Alpha' }]}
          columns={[helper.accessor('name', { header: 'Name' })]}
        />
      ),
      expected: /Projects/,
    };
  },
  toast: async () => {
    const { ToastProvider } = await import('./toast/index');
    return {
      element: (
        <ToastProvider>
          <p>the app</p>
        </ToastProvider>
      ),
      expected: /the app/,
    };
  },
  tooltip: async () => {
    const { Tooltip } = await import('./tooltip/index');
    return {
      element: (
        <Tooltip content="More about it">
          <button type="button">Info</button>
        </Tooltip>
      ),
      expected: /Info/,
    };
  },
};

describe('the kit on a server (plain Node, react-dom/server)', () => {
  it('runs without a DOM, and every component subpath of the package has a case here', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    expect(Object.keys(packageJson.publishConfig.exports)).toEqual(
      expect.arrayContaining(['./constants', './*']),
    );
    expect(SUBPATHS.length).toBeGreaterThan(15);
    expect(Object.keys(CASES).sort()).toEqual(SUBPATHS);
  });

  it('./constants imports', async () => {
    const constants = await import('./constants');
    expect(constants.TOAST_VISIBLE_MS).toBeGreaterThan(0);
  });

  for (const subpath of SUBPATHS)
    it(`./${subpath} imports and renders with renderToString`, async () => {
      const make = CASES[subpath];
      if (!make) throw new Error(`no server rendering case for ./${subpath}`);
      const { element, expected } = await make();
      expect(renderToString(element)).toMatch(expected);
    });

  it('./safe-html: no sanitizing without a DOM, and never the unsanitized HTML in the markup', async () => {
    const { canSanitizeHtml, MessageDialog, SafeHtml, sanitizeHtml } = {
      ...(await import('./safe-html/index')),
      ...(await import('./dialog/index')),
    };
    expect(canSanitizeHtml()).toBe(false);
    expect(() => sanitizeHtml('<b>x</b>')).toThrow(/needs a DOM/);
    const html = renderToString(
      <>
        <SafeHtml html={MALICIOUS} />
        <MessageDialog isOpen message={{ message: MALICIOUS, isHtml: true }} />
      </>,
    );
    expect(html).not.toMatch(/onerror|<script|<img|bold/);
  });
});
