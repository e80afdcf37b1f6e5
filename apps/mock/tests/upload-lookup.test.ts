// The upload stepper's project type-ahead (GET /api/lookup/project?isIokitUpload=true) offers only projects the
// viewer may upload into: a project shared with them (visible, not editable) is left out, as the queue call
// would refuse it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope, AutocompleteResult, IdEnvelope, UploadedFileResponse } from '@assessment/sdk';
import { Client, collectorFile, shareByLink, startServer, uploadModel, type TestServer } from './helpers.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

async function as(email: string): Promise<Client> {
  const c = new Client(t.url);
  await c.signIn(email);
  return c;
}

describe('project lookup with isIokitUpload', () => {
  it('leaves out projects the viewer can see but not upload into', async () => {
    const name = `Upload lookup ${String(Date.now())}`;
    const owner = await as('partner.admin@contoso-partners.example');
    const shared = await owner.json<IdEnvelope>(
      'POST',
      `/api/projects/?name=${encodeURIComponent(`${name} shared`)}`,
    );
    expect((await shareByLink(owner, shared.body.Data.Id, ['enduser@adventure-works.example'])).status).toBe(
      200,
    );
    const viewer = await as('enduser@adventure-works.example');
    const own = await viewer.json<IdEnvelope>(
      'POST',
      `/api/projects/?name=${encodeURIComponent(`${name} own`)}`,
    );

    const plain = await viewer.json<AutocompleteResult>(
      'GET',
      `/api/lookup/project?name=${encodeURIComponent(name)}`,
    );
    expect(plain.body.items.map((i) => i.id).sort()).toEqual(
      [String(shared.body.Data.Id), String(own.body.Data.Id)].sort(),
    );
    const upload = await viewer.json<AutocompleteResult>(
      'GET',
      `/api/lookup/project?name=${encodeURIComponent(name)}&isIokitUpload=true`,
    );
    expect(upload.body.items.map((i) => i.id)).toEqual([String(own.body.Data.Id)]);
    const html = await (
      await viewer.request(
        'GET',
        `/project/autocomplete/?name=${encodeURIComponent(name)}&isIokitUpload=true`,
      )
    ).text();
    expect(html).toContain(`data-id="${String(own.body.Data.Id)}"`);
    expect(html).not.toContain(`data-id="${String(shared.body.Data.Id)}"`);

    // The queue call refuses the shared project (operationnotallowed), so offering it would only fail later.
    const form = new FormData();
    form.append('file', new Blob([collectorFile()]), 'lookup.iokit');
    const file = await viewer.json<UploadedFileResponse>('POST', '/upload-service/iokit/file', {
      body: form,
    });
    expect(file.status).toBe(200);
    const refused = await viewer.json<ApiEnvelope>('POST', '/upload-service/api/iokitqueue', {
      json: uploadModel([file.body], { projectId: shared.body.Data.Id }),
    });
    expect(refused.body.ResourceKey).toBe('operationnotallowed');
  });
});
