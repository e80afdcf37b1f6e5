// The operations Prism cannot serve (NOT_SERVED_BY_PRISM in prism.contract.ts), called through the SDK against
// the demo API instead: its zod validation checks each answer, and the demo server accepts what the SDK sends
// (form arrays as repeated keys, which Prism's form parser refuses).
import {
  configureSdk,
  getTeam,
  getViewer,
  listProjects,
  requestReport,
  resetSdkConfig,
  signIn,
  streamReportEvents,
  verifyTeamEmployees,
  verifyWizardEmployees,
  type ReportStatus,
} from '@assessment/sdk';
import { validators } from '@assessment/sdk/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, EXCEL_REPORT, startServer, type TestServer } from '../tests/helpers.ts';
import { NOT_SERVED_BY_PRISM } from './not-served.ts';

const TESTED_HERE = ['verifyTeamEmployees', 'verifyWizardEmployees', 'streamReportEvents'];

let t: TestServer;
let cookie = '';

/** fetch with a one-cookie jar: the session cookie the demo API sets on sign-in. */
const fetchWithSession: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  if (cookie) request.headers.set('Cookie', cookie);
  const response = await fetch(request);
  for (const setCookie of response.headers.getSetCookie()) {
    const pair = setCookie.split(';')[0] ?? '';
    if (pair.startsWith('assessment_session=')) cookie = pair;
  }
  return response;
};

beforeAll(async () => {
  t = await startServer();
  resetSdkConfig();
  configureSdk({
    baseUrl: t.url,
    uploadBaseUrl: `${t.url}/upload-service`,
    fetch: fetchWithSession,
    validate: true,
    validators,
  });
  await signIn({ body: { email: 'oem.admin@northwind-oem.example', password: DEMO_PASSWORD } });
});

afterAll(async () => {
  await t.close();
  resetSdkConfig();
});

describe('operations Prism cannot serve, against the demo API through the SDK', () => {
  it('are exactly the ones listed as not served by Prism', () => {
    expect(Object.keys(NOT_SERVED_BY_PRISM).sort()).toEqual([...TESTED_HERE].sort());
  });

  it('verifyTeamEmployees and verifyWizardEmployees send a form array the server accepts', async () => {
    const { data: viewer } = await getViewer();
    const teamId = viewer.team?.TeamId;
    if (teamId === undefined) throw new Error('the seeded OEM admin has no team');
    const { data: team } = await getTeam({ path: { teamId } });
    const userIds = team.Members.slice(0, 2).map((member) => member.UserId);
    expect(userIds.length).toBe(2);
    const { data: fromTeam } = await verifyTeamEmployees({ body: { TeamId: teamId, UserIds: userIds } });
    expect(fromTeam.StatusCode).toBe(200);
    const { data: fromWizard } = await verifyWizardEmployees({ body: { TeamId: teamId, UserIds: userIds } });
    expect(fromWizard.StatusCode).toBe(200);
  });

  it('streamReportEvents pushes the report status until it completes', async () => {
    const { data: page } = await listProjects({ query: { myProjectsOnly: true, PageSize: 5 } });
    const project = page.Items[0];
    if (!project) throw new Error('the seeded OEM admin has no project');
    const { data: requested, response } = await requestReport({
      path: { projectId: project.Id },
      body: EXCEL_REPORT,
    });
    expect(response.status).toBe(201);
    const { stream } = await streamReportEvents({
      path: { projectId: project.Id, reportId: requested.ReportId },
      sseMaxRetryAttempts: 1,
    });
    let last: ReportStatus | undefined;
    for await (const event of stream) {
      last = event;
      if (event.Status === 'Completed' || event.Status === 'Failed') break;
    }
    expect(last?.ReportId).toBe(requested.ReportId);
    expect(last?.Status).toBe('Completed');
  });
});
