// What every handler can reach, plus the small helpers they share (viewer checks, paging, DTO mapping, the text
// culture, multipart bodies, email domains).
import type { IngestQueue } from '../ingest/queue.ts';
import type { ParseSlots } from '../ingest/check.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Contract } from '../http/contract.ts';
import type { EventHub } from '../http/events.ts';
import { ApiFailure } from '../http/envelope.ts';
import type { SlidingWindow } from '../http/throttle.ts';
import type { FileArea, FileStore } from '../store/files.ts';
import type { Page, Paging, ProjectRow, Repo, RunRow, TeamRow, UserRow } from '../store/repo.ts';
import type { ReportService } from '../reports/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Outbox } from '../mail/outbox.ts';
import { isInternalRole, needsPartnerTerms } from '../store/domain.ts';
import { shownName, shownRunName } from '../series/nodes.ts';
import type {
  ArchiveState,
  CollectorRun,
  MessageKey,
  Project,
  ProjectSummary,
  Role,
  Team,
  User,
  UserStatus,
  Viewer,
  ViewerUser,
} from '@assessment/sdk';
import { LanguageCulture } from '@assessment/sdk';

export interface Ctx {
  repo: Repo;
  config: Config;
  files: FileStore;
  events: EventHub;
  now: () => number;
  contract: Contract;
  reports: ReportService;
  /** Registration mail (issue #32): SMTP to SMTP_URL's server or the embedded development mailbox. */
  mailer: Mailer;
  /** Mail sent after the answer (issue #39). */
  outbox: Outbox;
  /** The origin of links in mail: PUBLIC_URL, else the listen address; never the request's (issue #39). */
  publicOrigin: () => string;
  /** The background ingest of queued collector files (issue #32). */
  ingest: IngestQueue;
  /** Slots of the bounded reads of uploaded collector files (issue #32). */
  checks: ParseSlots;
}

/** The signed-in account (the route's onRequest hook already answered 401 when there is none). */
export function viewerOf(request: FastifyRequest): UserRow {
  if (!request.viewer) throw new ApiFailure(401, 'operationnotallowed', 'Sign in to continue.');
  return request.viewer;
}

/** A failure with the best HTTP status the operation declares (the contract lists the error codes per operation). */
export function fail(
  request: FastifyRequest,
  preferred: readonly number[],
  key: MessageKey,
  detail: string | null = null,
  data: unknown = null,
): ApiFailure {
  const declared = request.operation?.responses ?? {};
  const status =
    preferred.find((s) => String(s) in declared) ?? preferred.find((s) => s === 400 || s === 404) ?? 400;
  return new ApiFailure(status, key, detail, data);
}

export const denied = (
  request: FastifyRequest,
  detail = 'You are not allowed to perform this operation.',
): ApiFailure => fail(request, [403, 409, 400], 'operationnotallowed', detail);
export const missing = (request: FastifyRequest, what = 'The requested item'): ApiFailure =>
  fail(request, [404, 400], 'generalError', `${what} could not be found.`);

/** A paged list's answer (the contract's Items, TotalCount, PageNumber, PageSize) from a repository page. */
export function pageAnswer<Row, Item>(
  page: Page<Row>,
  toItem: (row: Row) => Item,
): { Items: Item[]; TotalCount: number; PageNumber: number; PageSize: number } {
  return {
    Items: page.items.map(toItem),
    TotalCount: page.total,
    PageNumber: page.pageNumber,
    PageSize: page.pageSize,
  };
}

export function paging(q: {
  PageSize?: number | undefined;
  PageNumber?: number | undefined;
  SortByField?: string | undefined;
  SortOrder?: number | undefined;
}): Paging {
  return {
    pageSize: Math.min(200, Math.max(1, q.PageSize ?? 25)),
    pageNumber: Math.max(1, q.PageNumber ?? 1),
    sortBy: q.SortByField,
    sortOrder: q.SortOrder === 1 ? 1 : 0,
  };
}

export const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The origin the request was sent to. request.host and request.protocol are the Host header (HTTP/2's :authority)
 * and the connection's, or X-Forwarded-Host/-Proto when a trusted proxy (TRUSTED_PROXIES) sent them: Fastify's
 * trustProxy decides (issue #39). Only answered to this caller, never mailed to anyone.
 */
export function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host || '127.0.0.1'}`;
}

export function pendingTerms(u: UserRow): 'EULANeeded' | 'PartnerTCNeeded' | null {
  if (!u.terms_accepted) return 'EULANeeded';
  if (needsPartnerTerms(u.role) && !u.partner_terms_accepted) return 'PartnerTCNeeded';
  return null;
}

export function toTeam(t: TeamRow): Team {
  return { TeamId: t.id, Name: t.name, IsOpmEnabled: t.is_opm_enabled === 1 };
}

export function publicUrl(request: FastifyRequest, p: ProjectRow): string | null {
  return p.is_public === 1 ? `${origin(request)}/dpackviewer/${p.id}` : null;
}

export function userAdmin(u: UserRow): boolean {
  return u.is_admin === 1;
}

export function internal(u: UserRow): boolean {
  return isInternalRole(u.role);
}

/**
 * Whether `actor` may act for `target` (queue an upload in its name, move it into a team): internal staff may act
 * for anyone; a team admin only for non-internal accounts of their own company; everyone else only for themselves.
 */
export function mayActFor(actor: UserRow, target: UserRow): boolean {
  if (actor.id === target.id || internal(actor)) return true;
  return userAdmin(actor) && !internal(target) && actor.team_id !== null && target.team_id === actor.team_id;
}

export function fullName(u: UserRow | undefined): string {
  return u ? `${u.first_name} ${u.last_name}` : 'Unknown';
}

/** A collector run as its caller sees it: ProjectName only for a project the caller may open (else null). */
export function runDto(
  ctx: Ctx,
  request: FastifyRequest,
  r: RunRow & { owner_email?: string; owner_name?: string },
): CollectorRun {
  const project = r.project_id === null ? undefined : ctx.repo.project(r.project_id);
  const owner =
    r.owner_email !== undefined && r.owner_name !== undefined ? undefined : ctx.repo.user(r.owner_id);
  const now = ctx.now();
  const plannedEnd = r.started_at + r.planned_duration_s * 1000;
  const signedOut = isSignedOut(request);
  return {
    Id: r.id,
    // A run of an anonymized project is named as the project names it (Run N), whoever asks, as its hosts are.
    Name: project ? shownRunName(project, r.id, r.name) : r.name,
    Status: ctx.repo.runStatus(r, now),
    Progress: ctx.repo.runProgress(r, now),
    Duration: Math.round(((r.stopped_at ?? Math.min(now, plannedEnd)) - r.started_at) / 1000),
    StartTime: iso(r.started_at),
    // A run of an anonymized project names its hosts as the project does (Server N), whoever asks.
    Hosts: ctx.repo
      .all<{ id: number; name: string }>('SELECT id, name FROM servers WHERE run_id = ? ORDER BY id', r.id)
      .map((s) => (project ? shownName(project, 'server', `srv-${String(s.id)}`, s.name) : s.name)),
    EndTime: iso(r.stopped_at ?? plannedEnd),
    ArchiveState: (r.archived ? 'Archived' : r.restored ? 'Restored' : 'Active') satisfies ArchiveState,
    OwnerEmail: signedOut ? '' : (r.owner_email ?? owner?.email ?? ''),
    OwnerName: signedOut ? '' : (r.owner_name ?? fullName(owner)),
    ProjectId: r.project_id,
    // The same rule as GET /api/projects/{id}: a project the caller may not see is not named to them.
    ProjectName: project && ctx.repo.canSeeProject(request.viewer, project) ? project.name : null,
  };
}

/**
 * A caller without a session (the reader of a published project): every answer to them is in the anonymous shape
 * (issue #32 c, #39): no one's email address or name, as the anonymous report leaves out the owner's.
 */
export function isSignedOut(request: FastifyRequest): boolean {
  return request.viewer === null;
}

export function projectSummaryDto(
  ctx: Ctx,
  request: FastifyRequest,
  p: ProjectRow & { owner_email?: string; run_count?: number },
): ProjectSummary {
  const status = ctx.repo.archiveStatus(p, ctx.config.timeScale, ctx.now());
  return {
    Id: p.id,
    Name: p.name,
    OwnerEmail: isSignedOut(request) ? '' : (p.owner_email ?? ctx.repo.user(p.owner_id)?.email ?? ''),
    PublicURL: publicUrl(request, p),
    IsAnonymous: p.anonymous === 1,
    CollectorRunCount: p.run_count ?? ctx.repo.runsOfProject(p.id).length,
    CurrentStatusString: status?.state ?? null,
    ProcessingFailed: p.failed === 1,
    CreatedDate: iso(p.created_at),
  };
}

export function projectDto(ctx: Ctx, request: FastifyRequest, p: ProjectRow): Project {
  const status = ctx.repo.archiveStatus(p, ctx.config.timeScale, ctx.now());
  const runs = ctx.repo.runsOfProject(p.id);
  return {
    Id: p.id,
    Name: p.name,
    PublicURL: publicUrl(request, p),
    IsAnonymous: p.anonymous === 1,
    OwnerEmail: isSignedOut(request) ? '' : (ctx.repo.user(p.owner_id)?.email ?? ''),
    CollectorRuns: runs.map((r) => runDto(ctx, request, r)),
    CurrentStatusString: status?.state ?? null,
    ProgressPercentage: status?.percentage ?? 0,
    ProcessingFailed: p.failed === 1,
    CreatedDate: iso(p.created_at),
  };
}

export function viewerUserDto(u: UserRow): ViewerUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.first_name,
    lastName: u.last_name,
    role: u.role as Role,
    status: u.status as UserStatus,
    languageCulture: u.language_culture as LanguageCulture,
    countryId: u.country_id,
    teamId: u.team_id,
    isAdmin: u.is_admin === 1,
    isInternal: isInternalRole(u.role),
    termsAccepted: u.terms_accepted === 1,
    partnerTermsAccepted: needsPartnerTerms(u.role) ? u.partner_terms_accepted === 1 : true,
  };
}

export function viewerDto(ctx: Ctx, u: UserRow | null, culture: LanguageCulture = 'en-US'): Viewer {
  if (!u) return { isPublic: true, user: null, team: null, culture, pendingTerms: null };
  const team = u.team_id !== null ? ctx.repo.team(u.team_id) : undefined;
  const probe = ctx.config.vpnProbeUrl;
  return {
    isPublic: false,
    user: viewerUserDto(u),
    team: team ? toTeam(team) : null,
    culture: u.language_culture as LanguageCulture,
    pendingTerms: pendingTerms(u),
    // Only internal staff use internal-network features; nobody else learns the internal host.
    ...(probe !== null && isInternalRole(u.role) ? { vpnProbeUrl: probe } : {}),
  };
}

/** The account fields a User and a TeamMember share. */
export function userIdentity(
  u: UserRow,
): Pick<User, 'UserId' | 'Email' | 'FirstName' | 'LastName' | 'Role' | 'Status'> {
  return {
    UserId: u.id,
    Email: u.email,
    FirstName: u.first_name,
    LastName: u.last_name,
    Role: u.role as Role,
    Status: u.status as UserStatus,
  };
}

export function userDto(ctx: Ctx, u: UserRow): User {
  const rep = u.primary_rep_id !== null ? ctx.repo.user(u.primary_rep_id) : undefined;
  const team = u.team_id !== null ? ctx.repo.team(u.team_id) : undefined;
  return {
    ...userIdentity(u),
    PrimaryRepId: u.primary_rep_id,
    PrimaryRepEmail: rep?.email ?? null,
    LanguageCulture: u.language_culture as LanguageCulture,
    CountryId: u.country_id,
    TermsAccepted: u.terms_accepted === 1,
    TeamId: u.team_id,
    CompanyName: team?.name ?? null,
  };
}

/** HTML escaping for the legacy HTML fragments (everything user-provided goes through this). */
export function esc(value: unknown): string {
  return String(value).replace(/[&<>"'`=/]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A culture from a cookie or the store, if it is one the contract knows. */
export function asCulture(value: string | undefined): LanguageCulture {
  const known: readonly string[] = Object.values(LanguageCulture);
  return value !== undefined && known.includes(value) ? (value as LanguageCulture) : 'en-US';
}

/**
 * The refusal of a throttled request: 429 (where the operation declares it) with Retry-After in seconds and the
 * wait in the message, e.g. "Too many failed sign-in attempts. Try again in 3 minutes."
 */
/**
 * Counts one call of the client against a per-client limit in a sliding window, whatever its outcome; over the
 * limit it is refused with 429 + Retry-After (`throttled`) and not counted.
 */
export function countPerClient(
  ctx: Ctx,
  request: FastifyRequest,
  reply: FastifyReply,
  window: SlidingWindow,
  perClient: number,
  what: string,
): void {
  const waitMs = window.waitMs(request.ip, perClient, ctx.now());
  if (waitMs > 0) throw throttled(request, reply, waitMs, 'operationnotallowed', what);
  window.record(request.ip, ctx.now());
}

export function throttled(
  request: FastifyRequest,
  reply: FastifyReply,
  waitMs: number,
  key: MessageKey,
  what: string,
): ApiFailure {
  const minutes = Math.ceil(waitMs / 60_000);
  void reply.header('Retry-After', String(Math.ceil(waitMs / 1000)));
  return fail(
    request,
    [429],
    key,
    `${what} Try again in ${String(minutes)} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/** The culture of server texts: the account's language when signed in, else the session's (setculture cookie). */
export const textCulture = (request: FastifyRequest) =>
  asCulture(request.viewer?.language_culture ?? request.cookies.culture);

/** The signed-in account, when it is a user administrator (else operationnotallowed). */
export const requireUserAdmin = (request: FastifyRequest): UserRow => {
  const me = viewerOf(request);
  if (!userAdmin(me)) throw denied(request, 'Only user administrators can do this.');
  return me;
};

/** The domain of an email address, lower-cased. */
export function domainOf(email: string): string {
  return (email.split('@')[1] ?? '').toLowerCase();
}

export interface ReceivedFile {
  fileName: string;
  /** Where the file was kept and its bytes seen (the whole file is counted even when it is not kept). */
  stored: { name: string; size: number; sha256: string | null } | 'too-large';
  fields: Record<string, string>;
}

/** Reads a multipart body: the one file streamed to disk (at most maxBytes), plus the text fields. */
export async function receive(
  ctx: Ctx,
  request: FastifyRequest,
  area: FileArea,
  maxBytes: number,
  /** Whether to write the file; `fields` holds the form fields sent before it (a refusal writes nothing). */
  keep: (fileName: string, fields: Readonly<Record<string, string>>) => boolean,
): Promise<ReceivedFile | null> {
  if (!request.isMultipart()) return null;
  const fields: Record<string, string> = {};
  // Filled by readParts (a holder object, so the type survives the closure).
  const got: { file: Omit<ReceivedFile, 'fields'> | null } = { file: null };
  // One more byte than allowed is read, so "too large" can be told from "exactly the limit".
  try {
    await readParts();
  } catch (error) {
    // A broken multipart body (cut short, wrong boundary) is the client's error; a file already written for it
    // is removed (issue #32 d).
    const written = got.file?.stored;
    if (written !== undefined && written !== 'too-large' && written.name !== '')
      ctx.files.remove(area, written.name);
    throw fail(
      request,
      [400],
      area === 'uploads' ? 'iokit_generic_error' : 'validate_info',
      `Unreadable upload: ${(error as Error).message}`,
    );
  }
  return got.file
    ? { ...got.file, fields }
    : { fileName: '', stored: { name: '', size: 0, sha256: null }, fields };

  async function readParts(): Promise<void> {
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: 1 } })) {
      if (part.type === 'file') {
        if (got.file) {
          part.file.resume();
          continue;
        }
        const fileName = path.basename(part.filename || 'file');
        if (keep(fileName, fields)) {
          got.file = {
            fileName,
            stored: await ctx.files.saveStream(
              area,
              part.file,
              maxBytes,
              path.extname(fileName).toLowerCase(),
            ),
          };
        } else {
          // Not kept: count the size only (to tell "wrong type" from "wrong type and too large").
          let size = 0;
          for await (const chunk of part.file) size += (chunk as Buffer).length;
          got.file = { fileName, stored: size > maxBytes ? 'too-large' : { name: '', size, sha256: null } };
        }
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  }
}
