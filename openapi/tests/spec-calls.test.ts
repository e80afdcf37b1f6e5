// The calls of spec part 7: every one is in the contract with its real method and path, x-source legacy.
import { describe, expect, it } from 'vitest';
import { deref, doc, findOperation, operations, params, schema, schemasAt, type Schema } from './contract.ts';

/**
 * Spec part 7, one row per call (method + path as the spec spells them: four legacy calls with a trailing slash,
 * which the contract declares at the canonical path and names in `x-legacy-path`).
 */
const PART7_CALLS: readonly (readonly [string, string])[] = [
  ['POST', '/api/team/edit/{isOpmEnabled}/{teamId}'],
  ['GET', '/api/message/{key}'],
  ['GET', '/api/message/GetResourceString/{key}'],
  ['POST', '/api/group/collectorruns'],
  ['POST', '/api/group/accounts/'],
  ['POST', '/UserManagement/GetSearchedUserList'],
  // GET /{type}/autocomplete/?name=: one operation per type (a `{type}` path would be ambiguous with /modal/{name}).
  ['GET', '/project/autocomplete/'],
  ['GET', '/company/autocomplete/'],
  ['GET', '/channel/autocomplete/'],
  ['GET', '/account/autocomplete/'],
  ['GET', '/primaryRep/autocomplete/'],
  ['GET', '/collectorrun/autocomplete/'],
  ['POST', '/api/projects'],
  ['POST', '/api/projects/'],
  ['POST', '/api/projects/addcollectorrun/{projectId}/{collectorRunId}'],
  ['POST', '/api/projects/removecollectorrun/{projectId}/{collectorRunId}'],
  ['DELETE', '/api/projects/removecollectorunanddeleteproject/{projectId}/{collectorRunId}'],
  ['DELETE', '/api/projects/{id}'],
  ['POST', '/api/project/{id}/retry'],
  ['POST', '/api/projects/share'],
  ['POST', '/api/projects/{id}/publish'],
  ['GET', '/CollectorRuns/RefreshCollectorRunOfProject'],
  ['GET', '/CollectorRuns/UpdateCollectorRun/{id}'],
  ['GET', '/api/projectbycollectorrun/{id}'],
  ['POST', '/api/collectorrunstoprequest/{id}'],
  ['DELETE', '/api/collectorruns/{id}'],
  ['DELETE', '/api/collectorruns/restore/{id}'],
  ['POST', '/api/project/{action}/{id}'],
  ['GET', '/api/project/{action}/{id}'],
  ['POST', '/collector/insert'],
  ['POST', '/collector/InsertFromDpackCapture'],
  ['GET', '/collector/iscollectorready'],
  ['GET', '/collector/getcollector'],
  ['GET', '/collector/iscollectorreadyDpackCapture'],
  ['GET', '/collector/getcollectorDpackCapture'],
  ['POST', '/api/collector/{keyId}'],
  ['POST', '/{type}/update/{id}'],
  ['PUT', '/api/account/{userid}/TCAccepted/{accept}'],
  ['PUT', '/api/account/language/{culture}'],
  ['PUT', '/api/account/country/{id}'],
  ['POST', '/culture/setculture'],
  ['GET', '/api/capture/check'],
  ['GET', '/api/contact/check'],
  ['GET', '/api/team/check'],
  // {provider}reassignownership with the concrete provider `dell` (see README).
  ['POST', '/api/projectverifyowner/dellreassignownership/{projectId}/{newOwnerId}'],
  ['POST', '/PSSRequest/SendPSSRequest'],
  ['GET', '/modal/{name}'],
  ['POST', '/modal/{name}'],
  ['GET', '/api/opticalprime/{projectId}/reports/serversAndSharedClusterDisks'],
  ['POST', '/api/opticalprime/{projectId}/reports'],
  ['GET', '/api/opticalprime/{projectId}/reports/download/{reportId}'],
  ['POST', '/promologo/upload'],
  ['GET', '/promologo/status/'],
  ['POST', '/api/promo/toggle/{active}/{siteId}/{logoFor}'],
  ['POST', '/api/promo/deletelogo/{siteId}/{logoFor}'],
  ['POST', '/iokit/file'],
  ['DELETE', '/api/iokit/{fileId}'],
  ['POST', '/iokit/SaveFileToStorage'],
  ['DELETE', '/iokit/DeleteIokit'],
  ['POST', '/iokit/ProcessSiokit'],
  ['POST', '/api/iokitqueue'],
  ['POST', '/Team/VerifyEmployees'],
  ['POST', '/Wizard/VerifyEmployees'],
  ['POST', '/Team/ChangeRole'],
  ['POST', '/team/AddToTeam'],
  ['POST', '/Team/AddEmployee'],
  ['POST', '/api/v2/requests.json'],
];

const UPLOAD_SERVICE_CALLS = PART7_CALLS.filter(([, path]) => /^\/(iokit\/|api\/iokit)/.test(path));

function op(method: string, path: string) {
  const found = findOperation(method, path);
  if (!found) throw new Error(`${method} ${path} missing`);
  return found;
}

function queryNames(method: string, path: string): string[] {
  return params(op(method, path))
    .filter((p) => p.in === 'query')
    .map((p) => p.name);
}

describe('spec part 7 calls', () => {
  it.each(PART7_CALLS)('%s %s is present with x-source legacy', (method, path) => {
    const found = op(method, path);
    expect(found.op['x-source']).toBe('legacy');
    expect(found.op.operationId).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(found.op.tags).toHaveLength(1);
  });

  it('every legacy operation is a part-7 call (no invented legacy calls)', () => {
    const listed = new Set(PART7_CALLS.map(([m, p]) => `${m.toLowerCase()} ${p}`));
    // Each legacy operation is listed by its canonical path or, for the four trailing-slash calls, its legacy form.
    const legacy = operations
      .filter((o) => o.op['x-source'] === 'legacy')
      .map((o) => {
        const canonical = `${o.method} ${o.path}`;
        const slash = o.op['x-legacy-path'];
        return listed.has(canonical) || slash === undefined ? canonical : `${o.method} ${slash}`;
      });
    // POST /api/projects and POST /api/projects/ are one operation (createProject) since the slash form is legacy.
    expect([...new Set(legacy), 'post /api/projects/'].sort()).toEqual([...listed].sort());
  });

  it('declares the trailing-slash calls at their canonical path, the legacy form in x-legacy-path', () => {
    const slashed = operations
      .filter((o) => o.op['x-legacy-path'] !== undefined)
      .map((o) => [o.method, o.path, o.op['x-legacy-path']]);
    expect(slashed.sort()).toEqual(
      [
        ['get', '/promologo/status', '/promologo/status/'],
        ['get', '/project/autocomplete', '/project/autocomplete/'],
        ['get', '/company/autocomplete', '/company/autocomplete/'],
        ['get', '/channel/autocomplete', '/channel/autocomplete/'],
        ['get', '/account/autocomplete', '/account/autocomplete/'],
        ['get', '/primaryRep/autocomplete', '/primaryRep/autocomplete/'],
        ['get', '/collectorrun/autocomplete', '/collectorrun/autocomplete/'],
        ['post', '/api/group/accounts', '/api/group/accounts/'],
        ['post', '/api/projects', '/api/projects/'],
      ].sort(),
    );
    for (const path of Object.keys(doc.paths)) expect(path).not.toMatch(/.\/$/);
    expect(op('POST', '/api/projects/').op.operationId).toBe(op('POST', '/api/projects').op.operationId);
  });

  it('uses the query parameters the spec names', () => {
    expect(queryNames('POST', '/api/projects')).toEqual(['name', 'CollectorRunIdToAddToProject']);
    expect(queryNames('POST', '/api/projects/{id}/publish')).toEqual(['publish', 'name']);
    expect(queryNames('GET', '/CollectorRuns/RefreshCollectorRunOfProject')).toEqual([
      'collectorRunId',
      'projectId',
    ]);
    expect(queryNames('POST', '/collector/insert')).toEqual(['collectortemplateid']);
    expect(queryNames('GET', '/collector/getcollector')).toContain('collectorId');
    expect(queryNames('GET', '/collector/getcollectorDpackCapture')).toContain('captureRequestToken');
    expect(queryNames('GET', '/collector/iscollectorreadyDpackCapture')).toContain('captureRequestToken');
    expect(queryNames('POST', '/api/collector/{keyId}')).toEqual(['isenabled']);
    expect(queryNames('POST', '/{type}/update/{id}')).toEqual(['name']);
    expect(queryNames('POST', '/culture/setculture')).toEqual(['culturecode', 'dbUpdateRequired']);
    expect(queryNames('GET', '/api/capture/check')).toEqual(['email']);
    expect(queryNames('GET', '/api/contact/check')).toEqual(['email', 'p', 'r', 'dr']);
    expect(queryNames('GET', '/api/team/check')).toEqual(['email']);
    expect(queryNames('GET', '/project/autocomplete/')).toEqual([
      'name',
      'isIokitUpload',
      'isTeamMemberSearch',
      'theater',
    ]);
    expect(queryNames('GET', '/promologo/status/')).toEqual(['promoSiteId']);
    expect(queryNames('DELETE', '/iokit/DeleteIokit')).toEqual(['fileId', 'filename']);
    expect(queryNames('POST', '/Team/ChangeRole')).toEqual(['userId', 'button']);
    expect(queryNames('POST', '/team/AddToTeam')).toEqual(['userId', 'teamId', 'changeExistingMembersTeam']);
    expect(queryNames('GET', '/modal/{name}')).toEqual([
      'modalsize',
      'modal-clear',
      'projectId',
      'title',
      'message',
    ]);
  });

  /**
   * Part 7's payload column: the fields a call sends (`[]`: no body at all) and the fields of its answer (2xx JSON)
   * that the portal reads.
   */
  const PART7_PAYLOADS: readonly {
    call: readonly [string, string];
    sends?: readonly string[];
    answers: readonly string[];
  }[] = [
    { call: ['POST', '/api/team/edit/{isOpmEnabled}/{teamId}'], sends: [], answers: ['StatusCode'] },
    { call: ['GET', '/api/message/{key}'], answers: ['title', 'message', 'actions'] },
    {
      call: ['POST', '/api/group/collectorruns'],
      sends: ['collectorRunIds', 'actionType', 'projectId', 'isNewProject'],
      answers: ['Data.Status', 'Data.PartialErrorList[].ObjectDisplayName', 'Data.ResourceKey'],
    },
    {
      call: ['POST', '/api/group/accounts/'],
      sends: ['accountIds', 'actionType', 'primaryRepId', 'disableNote', 'Domain', 'TeamId'],
      answers: ['StatusCode', 'Data.Status'],
    },
    { call: ['POST', '/api/projects'], answers: ['StatusCode', 'ErrorState.ErrorCode', 'Data.Id'] },
    { call: ['POST', '/api/projects/'], answers: ['StatusCode', 'ErrorState.ErrorCode', 'Data.Id'] },
    { call: ['POST', '/api/projects/{id}/publish'], answers: ['Data.Data.PublicURL', 'Data.Data.ProjectId'] },
    {
      call: ['GET', '/api/project/{action}/{id}'],
      answers: ['Data.CurrentStatusString', 'Data.ProgressPercentage'],
    },
    { call: ['POST', '/collector/insert'], answers: ['Data.Id'] },
    {
      call: ['POST', '/collector/InsertFromDpackCapture'],
      sends: ['CaptureRequestToken'],
      answers: ['Data.Id'],
    },
    {
      call: ['GET', '/api/opticalprime/{projectId}/reports/serversAndSharedClusterDisks'],
      answers: ['ServerList', 'ClusterDiskList'],
    },
    {
      call: ['POST', '/promologo/upload'],
      sends: ['file', 'promoSiteId', 'logoFor'],
      answers: ['StatusCode'],
    },
    {
      call: ['POST', '/iokit/ProcessSiokit'],
      sends: ['projectName', 'siokitFilesModel'],
      answers: ['StatusCode'],
    },
    { call: ['POST', '/api/iokitqueue'], answers: ['StatusCode', 'ResourceKey', 'Data.Id'] },
  ];

  it.each(PART7_PAYLOADS)(
    '$call.0 $call.1 sends and answers the fields part 7 names',
    ({ call, sends, answers }) => {
      const { op: operation } = op(...call);
      const body = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
      if (sends?.length === 0) expect(operation.requestBody, 'no body').toBeUndefined();
      for (const field of sends ?? []) {
        expect(schemasAt(body ?? {}, field), `sends ${field}`).not.toHaveLength(0);
      }
      const success = Object.entries(operation.responses).find(([status]) => /^2/.test(status))?.[1];
      const answer: Schema = deref(success ?? {}).content?.['application/json']?.schema ?? {};
      for (const field of answers) expect(schemasAt(answer, field), `answers ${field}`).not.toHaveLength(0);
    },
  );

  it('answers the resource string as a JSON string', () => {
    const ok = deref(op('GET', '/api/message/GetResourceString/{key}').op.responses['200'] ?? {});
    expect(ok.content?.['application/json']?.schema?.type).toBe('string');
  });

  it('autocomplete covers all six types, one operation per type with the same parameters', () => {
    const kinds = deref(schema('AutocompleteType')).enum as string[];
    expect(kinds).toEqual(['project', 'company', 'channel', 'account', 'primaryRep', 'collectorrun']);
    for (const kind of kinds) {
      const found = op('GET', `/${kind}/autocomplete`);
      expect(found.op['x-legacy-path']).toBe(`/${kind}/autocomplete/`);
      expect(params(found).map((p) => p.name)).toEqual([
        'name',
        'isIokitUpload',
        'isTeamMemberSearch',
        'theater',
      ]);
    }
  });

  it('archive/restore start is a POST and the status a GET of the same path', () => {
    const action = params(op('POST', '/api/project/{action}/{id}')).find((p) => p.name === 'action');
    expect(deref(action?.schema ?? {}).enum).toEqual(['archive', 'restore']);
    const status = deref(op('GET', '/api/project/{action}/{id}').op.responses['200'] ?? {});
    const data = schema('ArchiveRestoreProgress');
    expect(status.content?.['application/json']?.schema?.$ref).toBe(
      '#/components/schemas/ArchiveRestoreEnvelope',
    );
    expect(data.required).toEqual(['CurrentStatusString', 'ProgressPercentage']);
  });

  it('answers HTML fragments as text/html', () => {
    for (const [method, path] of [
      ['POST', '/UserManagement/GetSearchedUserList'],
      ['GET', '/project/autocomplete/'],
      ['GET', '/modal/{name}'],
      ['POST', '/modal/{name}'],
      ['GET', '/CollectorRuns/RefreshCollectorRunOfProject'],
      ['GET', '/CollectorRuns/UpdateCollectorRun/{id}'],
    ] as const) {
      const ok = deref(op(method, path).op.responses['200'] ?? {});
      expect(Object.keys(ok.content ?? {}), `${method} ${path}`).toEqual(['text/html']);
    }
  });

  it('refuses a modal with operationnotallowed (spec part 8: modal load non-200)', () => {
    for (const method of ['GET', 'POST']) {
      const refused = deref(op(method, '/modal/{name}').op.responses['403'] ?? {});
      const example = refused.content?.['application/json']?.example as { ResourceKey?: unknown } | undefined;
      expect(example?.ResourceKey, method).toBe('operationnotallowed');
    }
  });

  it('sends form data as application/x-www-form-urlencoded', () => {
    for (const [method, path] of [
      ['POST', '/UserManagement/GetSearchedUserList'],
      ['POST', '/PSSRequest/SendPSSRequest'],
      ['POST', '/Team/VerifyEmployees'],
      ['POST', '/Wizard/VerifyEmployees'],
      ['POST', '/Team/AddEmployee'],
    ] as const) {
      expect(Object.keys(op(method, path).op.requestBody?.content ?? {}), `${method} ${path}`).toEqual([
        'application/x-www-form-urlencoded',
      ]);
    }
    for (const path of ['/Team/VerifyEmployees', '/Wizard/VerifyEmployees']) {
      const form = op('POST', path).op.requestBody?.content['application/x-www-form-urlencoded'];
      // Arrays in form data are repeated keys (UserIds=1&UserIds=2), as the SDK's form serializer sends them.
      expect(form?.encoding?.UserIds).toEqual({ style: 'form', explode: true });
    }
    const userSearch = schema('UserSearchForm');
    expect(Object.keys(userSearch.properties ?? {})).toEqual(
      expect.arrayContaining(['UserScope', 'PrimaryRepEmail', 'sortByField', 'pageSize', 'sortOrder']),
    );
  });

  it('uploads multipart/form-data (promo logo: file, promoSiteId, logoFor)', () => {
    for (const path of ['/iokit/file', '/iokit/SaveFileToStorage', '/promologo/upload']) {
      expect(Object.keys(op('POST', path).op.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    }
    expect(schema('PromoLogoUpload').required).toEqual(['file', 'promoSiteId', 'logoFor']);
    expect(schema('FileUpload').properties?.file?.format).toBe('binary');
  });

  it('downloads the report as a binary zip', () => {
    const ok = deref(
      op('GET', '/api/opticalprime/{projectId}/reports/download/{reportId}').op.responses['200'] ?? {},
    );
    const zip = ok.content?.['application/zip'];
    expect(zip?.schema).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('answers the report request with 201 and a Location pointing at the status resource', () => {
    const created = deref(op('POST', '/api/opticalprime/{projectId}/reports').op.responses['201'] ?? {});
    const location = deref(created.headers?.Location ?? {});
    expect(location.required).toBe(true);
    const statusPath = '/api/opticalprime/{projectId}/reports/{reportId}';
    expect(findOperation('GET', statusPath)?.op.operationId).toBe('getReportStatus');
    const pattern = new RegExp(`^${statusPath.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    expect(String(location.example)).toMatch(pattern);
  });

  it('declares 409 for stop, reassign owner and the primary-rep reassign group action', () => {
    expect(op('POST', '/api/collectorrunstoprequest/{id}').op.responses['409']).toBeDefined();
    expect(
      op('POST', '/api/projectverifyowner/dellreassignownership/{projectId}/{newOwnerId}').op.responses[
        '409'
      ],
    ).toBeDefined();
    expect(op('POST', '/api/group/accounts/').op.responses['409']).toBeDefined();
  });

  it.each(UPLOAD_SERVICE_CALLS)('%s %s is on the upload service with a 302 answer', (method, path) => {
    const found = op(method, path);
    expect(found.op.tags).toEqual(['upload']);
    expect(found.item.servers?.map((s) => s.url)).toEqual(['/upload-service']);
    expect(found.op.responses['302']).toBeDefined();
  });

  it('the promo logo upload (upload-related) also declares 302', () => {
    expect(op('POST', '/promologo/upload').op.responses['302']).toBeDefined();
  });

  it('the support ticket is on the support service', () => {
    const found = op('POST', '/api/v2/requests.json');
    expect(found.op.tags).toEqual(['support']);
    expect(found.item.servers?.map((s) => s.url)).toEqual(['/support-service']);
  });

  it('the portal calls stay on the portal server', () => {
    const foreign = operations.filter(
      (o) => o.item.servers && !['upload', 'support'].includes(o.op.tags?.[0] ?? ''),
    );
    expect(foreign.map((o) => o.path)).toEqual([]);
    expect(doc.paths['/api/iokitqueue']?.post?.requestBody?.content['application/json']?.schema?.$ref).toBe(
      '#/components/schemas/UploadModel',
    );
  });
});
