// Deterministic demo world: teams of every kind, users of every role and status, ~50 projects in every
// archive/restore state, ~500 collector runs with servers and shared cluster disks, promo sites, countries, languages.
import type { DatabaseSync } from 'node:sqlite';
import { Prng } from './prng.ts';
import { seedSeries, seedVsphereProject } from '../series/seed.ts';
import { SERIES_TABLES } from '../series/schema.ts';
import { hashPassword } from './kdf.ts';
import { SCHEMA_VERSION, transaction } from './db.ts';
import {
  ARCHIVE_STATES,
  INTERNAL_DOMAIN,
  ROLES,
  USER_STATUSES,
  needsPartnerTerms,
  roleForTeamKind,
  type TeamKind,
} from './domain.ts';
import type { Role, UserStatus } from '@assessment/sdk';

export const SEED = 20261122;
export const DEMO_PASSWORD = 'Demo-Portal-2026';

/** [ISO 3166 numeric id, name, alpha-2 code, theater] */
export const COUNTRIES: readonly (readonly [number, string, string, string])[] = [
  [840, 'United States', 'US', 'NA'],
  [124, 'Canada', 'CA', 'NA'],
  [484, 'Mexico', 'MX', 'LATAM'],
  [76, 'Brazil', 'BR', 'LATAM'],
  [32, 'Argentina', 'AR', 'LATAM'],
  [152, 'Chile', 'CL', 'LATAM'],
  [170, 'Colombia', 'CO', 'LATAM'],
  [826, 'United Kingdom', 'GB', 'EMEA'],
  [372, 'Ireland', 'IE', 'EMEA'],
  [276, 'Germany', 'DE', 'EMEA'],
  [250, 'France', 'FR', 'EMEA'],
  [724, 'Spain', 'ES', 'EMEA'],
  [380, 'Italy', 'IT', 'EMEA'],
  [528, 'Netherlands', 'NL', 'EMEA'],
  [56, 'Belgium', 'BE', 'EMEA'],
  [756, 'Switzerland', 'CH', 'EMEA'],
  [40, 'Austria', 'AT', 'EMEA'],
  [752, 'Sweden', 'SE', 'EMEA'],
  [578, 'Norway', 'NO', 'EMEA'],
  [208, 'Denmark', 'DK', 'EMEA'],
  [246, 'Finland', 'FI', 'EMEA'],
  [616, 'Poland', 'PL', 'EMEA'],
  [203, 'Czech Republic', 'CZ', 'EMEA'],
  [620, 'Portugal', 'PT', 'EMEA'],
  [710, 'South Africa', 'ZA', 'EMEA'],
  [784, 'United Arab Emirates', 'AE', 'EMEA'],
  [376, 'Israel', 'IL', 'EMEA'],
  [792, 'Turkey', 'TR', 'EMEA'],
  [356, 'India', 'IN', 'APJ'],
  [392, 'Japan', 'JP', 'APJ'],
  [156, 'China', 'CN', 'APJ'],
  [410, 'South Korea', 'KR', 'APJ'],
  [702, 'Singapore', 'SG', 'APJ'],
  [36, 'Australia', 'AU', 'APJ'],
  [554, 'New Zealand', 'NZ', 'APJ'],
  [458, 'Malaysia', 'MY', 'APJ'],
  [764, 'Thailand', 'TH', 'APJ'],
  [360, 'Indonesia', 'ID', 'APJ'],
  [608, 'Philippines', 'PH', 'APJ'],
  [704, 'Vietnam', 'VN', 'APJ'],
];

export const LANGUAGES: readonly (readonly [string, string])[] = [
  ['en-US', 'English'],
  ['de-DE', 'Deutsch'],
  ['fr-FR', 'Français'],
  ['es-ES', 'Español'],
  ['it-IT', 'Italiano'],
  ['pt-BR', 'Português (Brasil)'],
  ['ja-JP', '日本語'],
  ['zh-CN', '中文(简体)'],
  ['ko-KR', '한국어'],
  ['zh-TW', '中文(繁體)'],
];

const FIRST = [
  'Alice',
  'Bruno',
  'Chloé',
  'Daniel',
  'Emma',
  'Farid',
  'Grace',
  'Hiro',
  'Ingrid',
  'Jonas',
  'Keiko',
  'Liam',
  'Maria',
  'Noah',
  'Olivia',
  'Pavel',
  'Quinn',
  'Rosa',
  'Sanjay',
  'Tara',
  'Umar',
  'Vera',
  'Wei',
  'Ximena',
  'Yusuf',
  'Zoe',
];
const LAST = [
  'Andersen',
  'Bauer',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'García',
  'Hughes',
  'Ito',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Müller',
  'Nakamura',
  'O’Brien',
  'Petrov',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Usman',
  'Varga',
  'Walsh',
  'Yilmaz',
  'Zhang',
];

interface TeamSeed {
  name: string;
  kind: TeamKind;
  domain: string;
}
export const TEAMS: readonly TeamSeed[] = [
  { name: 'Dell Internal', kind: 'Internal', domain: INTERNAL_DOMAIN },
  { name: 'Northwind Storage OEM', kind: 'OEM', domain: 'northwind-oem.example' },
  { name: 'Blue Harbor Systems OEM', kind: 'OEM', domain: 'blueharbor.example' },
  { name: 'Contoso Channel Partners', kind: 'ChannelPartner', domain: 'contoso-partners.example' },
  { name: 'Fabrikam Solutions', kind: 'ChannelPartner', domain: 'fabrikam.example' },
  { name: 'Tailspin Integrators', kind: 'ChannelPartner', domain: 'tailspin.example' },
  { name: 'Adventure Works', kind: 'EndUserCompany', domain: 'adventure-works.example' },
  { name: 'Wide World Importers', kind: 'EndUserCompany', domain: 'wideworld.example' },
  { name: 'Litware Health', kind: 'EndUserCompany', domain: 'litware.example' },
  { name: 'Proseware Bank', kind: 'EndUserCompany', domain: 'proseware.example' },
];

/** The accounts the start command prints (all share DEMO_PASSWORD). */
export interface DemoAccount {
  email: string;
  role: Role;
  note: string;
  first: string;
  last: string;
}
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@dell.example',
    role: 'DellAdminUser',
    note: 'internal staff, user administrator',
    first: 'Avery',
    last: 'Morgan',
  },
  { email: 'staff@dell.example', role: 'DellUser', note: 'internal staff', first: 'Jordan', last: 'Blake' },
  {
    email: 'oem.admin@northwind-oem.example',
    role: 'OEMTeamAdmin',
    note: 'OEM team admin',
    first: 'Helena',
    last: 'Svensson',
  },
  {
    email: 'oem.member@northwind-oem.example',
    role: 'OEMTeamMember',
    note: 'OEM team member',
    first: 'Marco',
    last: 'Bianchi',
  },
  {
    email: 'partner.admin@contoso-partners.example',
    role: 'ChannelPartnerTeamAdmin',
    note: 'channel partner team admin',
    first: 'Priya',
    last: 'Raman',
  },
  {
    email: 'partner.member@contoso-partners.example',
    role: 'ChannelPartnerTeamMember',
    note: 'channel partner member',
    first: 'Tom',
    last: 'Becker',
  },
  {
    email: 'enduser@adventure-works.example',
    role: 'EndUser',
    note: 'end user',
    first: 'Lena',
    last: 'Hoffmann',
  },
  {
    email: 'new.enduser@adventure-works.example',
    role: 'EndUser',
    note: 'end user, EULA not yet accepted',
    first: 'Sam',
    last: 'Okafor',
  },
  {
    email: 'new.partner@fabrikam.example',
    role: 'ChannelPartnerTeamMember',
    note: 'partner, partner terms pending',
    first: 'Nina',
    last: 'Kovacs',
  },
];

/**
 * The registration lookups (spec part 5): companies sharing one domain (select company) and the accounts and
 * contacts that trigger each lookup key. Seeded after everything else and without the random generator, so the
 * rest of the demo world stays as it was.
 */
export const REGISTRATION_DOMAIN = 'litware-partners.example';
export const REGISTRATION_TEAMS: readonly TeamSeed[] = [
  { name: 'Litware Partners East', kind: 'ChannelPartner', domain: REGISTRATION_DOMAIN },
  { name: 'Litware Partners West', kind: 'ChannelPartner', domain: REGISTRATION_DOMAIN },
];
export const REGISTRATION_ACCOUNTS: readonly {
  email: string;
  team: number;
  role: Role;
  status: UserStatus;
  admin: boolean;
}[] = [
  {
    email: `east.admin@${REGISTRATION_DOMAIN}`,
    team: 0,
    role: 'ChannelPartnerTeamAdmin',
    status: 'Active',
    admin: true,
  },
  {
    email: `west.admin@${REGISTRATION_DOMAIN}`,
    team: 1,
    role: 'ChannelPartnerTeamAdmin',
    status: 'Active',
    admin: true,
  },
  {
    email: `registered.partner@${REGISTRATION_DOMAIN}`,
    team: 0,
    role: 'ChannelPartnerTeamMember',
    status: 'Active',
    admin: false,
  },
  {
    email: `inactive.partner@${REGISTRATION_DOMAIN}`,
    team: 0,
    role: 'ChannelPartnerTeamMember',
    status: 'Inactive',
    admin: false,
  },
];
/** Contacts the CRM knows (no account) that belong to no company: register_found_contact_no_company. */
export const CONTACTS_WITHOUT_COMPANY: readonly string[] = ['lone.contact@independent-consulting.example'];

/** An email per lookup key, with the form (registration type) and owner option that meet it. */
export const REGISTRATION_LOOKUP_EMAILS = {
  register_email_already_exists: {
    email: `registered.partner@${REGISTRATION_DOMAIN}`,
    type: 'partner-register',
  },
  register_account_inactive: { email: `inactive.partner@${REGISTRATION_DOMAIN}`, type: 'partner-register' },
  dpackcapture_not_end_user: { email: `registered.partner@${REGISTRATION_DOMAIN}`, type: 'dpack-capture' },
  verifyowner_not_end_user: { email: `registered.partner@${REGISTRATION_DOMAIN}`, type: 'dpack-capture' },
  register_blacklisted: { email: 'someone@blocked.example', type: 'partner-register' },
  register_contact_oem: { email: 'new.person@northwind-oem.example', type: 'partner-register' },
  register_found_contact_no_company: {
    email: 'lone.contact@independent-consulting.example',
    type: 'partner-register',
  },
  register_contact_not_partner: { email: 'new.person@adventure-works.example', type: 'partner-register' },
  register_contact_not_found: { email: 'new.person@unknown-partner.example', type: 'partner-register' },
} as const;

const PROJECT_WORDS = [
  'Datacenter',
  'SAN Refresh',
  'VDI',
  'SQL Cluster',
  'Exchange',
  'Backup',
  'ERP',
  'Hyper-V',
  'VMware',
  'Oracle',
  'File Servers',
  'Edge Sites',
  'DR Site',
  'Analytics',
  'Web Farm',
  'Kubernetes',
];
const SITES = [
  'Berlin',
  'Austin',
  'Dublin',
  'Tokyo',
  'São Paulo',
  'Sydney',
  'Paris',
  'Toronto',
  'Madrid',
  'Singapore',
  'Oslo',
  'Milan',
];
const SERVER_ROLES = [
  'Database',
  'Application',
  'Web',
  'File',
  'Hypervisor',
  'Backup',
  'Domain Controller',
  'Mail',
];
const OSES = [
  'Windows Server 2022',
  'Windows Server 2019',
  'RHEL 9',
  'Ubuntu 22.04',
  'VMware ESXi 8',
  'SLES 15',
];

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export interface SeedSummary {
  teams: number;
  users: number;
  projects: number;
  runs: number;
  servers: number;
  disks: number;
}

function slug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

/** The demo's capture links (each single-use): README and the journeys use them. */
export const DEMO_CAPTURE_TOKENS = Array.from(
  { length: 20 },
  (_, i) => `demo-capture-${String(i + 1).padStart(2, '0')}`,
);

export function seed(db: DatabaseSync, now: number = Date.now()): SeedSummary {
  const rng = new Prng(SEED);
  return transaction(db, () => {
    for (const table of [
      'countries',
      'languages',
      'teams',
      'users',
      'sessions',
      'projects',
      'collector_runs',
      'servers',
      'cluster_disks',
      'server_disks',
      'shares',
      'uploads',
      'reports',
      'promo_sites',
      'promo_logos',
      'collectors',
      'capture_requests',
      'records',
      'meta',
      ...SERIES_TABLES,
    ]) {
      db.exec(`DELETE FROM ${table}`);
    }
    const insCountry = db.prepare('INSERT INTO countries (id, name, code, theater) VALUES (?, ?, ?, ?)');
    for (const [id, name, code, theater] of COUNTRIES) insCountry.run(id, name, code, theater);
    const insLang = db.prepare('INSERT INTO languages (culture, name) VALUES (?, ?)');
    for (const [culture, name] of LANGUAGES) insLang.run(culture, name);

    const insTeam = db.prepare(
      'INSERT INTO teams (id, name, kind, domain, is_opm_enabled, sf_account_id, country_id, theater) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    TEAMS.forEach((t, i) => {
      const country = rng.pick(COUNTRIES);
      insTeam.run(
        i + 1,
        t.name,
        t.kind,
        t.domain,
        rng.chance(0.5) ? 1 : 0,
        `SF-${rng.hex(4).toUpperCase()}`,
        country[0],
        country[3],
      );
    });

    // One password hash per distinct account is real work (scrypt); every account gets its own salt.
    const insUser =
      db.prepare(`INSERT INTO users (id, email, first_name, last_name, role, status, team_id, is_admin,
      language_culture, country_id, terms_accepted, partner_terms_accepted, primary_rep_id, password_hash, phone, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    let userId = 0;
    const usedEmails = new Set<string>();
    const addUser = (u: {
      email: string;
      first: string;
      last: string;
      role: Role;
      status: UserStatus;
      teamId: number | null;
      isAdmin: boolean;
      terms: boolean;
      partnerTerms: boolean;
      culture?: string;
      countryId?: number;
    }): number => {
      userId += 1;
      usedEmails.add(u.email.toLowerCase());
      const salt = Buffer.from(rng.hex(16), 'hex');
      const culture = rng.pick(LANGUAGES)[0];
      const country = rng.pick(COUNTRIES)[0];
      insUser.run(
        userId,
        u.email,
        u.first,
        u.last,
        u.role,
        u.status,
        u.teamId,
        u.isAdmin ? 1 : 0,
        u.culture ?? culture,
        u.countryId ?? country,
        u.terms ? 1 : 0,
        u.partnerTerms ? 1 : 0,
        null,
        hashPassword(DEMO_PASSWORD, salt),
        `+1 555 ${rng.int(100, 999)} ${rng.int(1000, 9999)}`,
        now - rng.int(30, 900) * DAY - rng.int(0, 86_399) * 1000,
      );
      return userId;
    };
    const teamIdOf = (domain: string): number => TEAMS.findIndex((t) => t.domain === domain) + 1;

    for (const a of DEMO_ACCOUNTS) {
      const domain = a.email.split('@')[1] ?? '';
      const pendingEula = a.email.startsWith('new.enduser');
      const pendingPartner = a.email.startsWith('new.partner');
      addUser({
        email: a.email,
        first: a.first,
        last: a.last,
        role: a.role,
        status: 'Active',
        teamId: teamIdOf(domain),
        isAdmin:
          a.role === 'DellAdminUser' || a.role === 'OEMTeamAdmin' || a.role === 'ChannelPartnerTeamAdmin',
        terms: !pendingEula,
        partnerTerms: needsPartnerTerms(a.role) ? !pendingPartner : true,
        // The demo accounts read the portal in English, from the United States.
        culture: 'en-US',
        countryId: 840,
      });
    }
    // Every role with every status, spread over the teams of the matching kind. Pending (an address not yet
    // confirmed) only ever comes from a registration: seeded accounts have proven their addresses, and the world
    // stays the one every journey was written against.
    const seededStatuses = USER_STATUSES.filter((status) => status !== 'Pending');
    for (const role of ROLES) {
      const teams = TEAMS.map((t, i) => ({ ...t, id: i + 1 })).filter(
        (t) => roleForTeamKind(t.kind, true) === role || roleForTeamKind(t.kind, false) === role,
      );
      for (const status of seededStatuses) {
        for (let k = 0; k < 2; k++) {
          const team = rng.pick(teams);
          const first = rng.pick(FIRST);
          const last = rng.pick(LAST);
          let email = `${slug(first)}.${slug(last)}@${team.domain}`;
          for (let n = 2; usedEmails.has(email); n++)
            email = `${slug(first)}.${slug(last)}${n}@${team.domain}`;
          addUser({
            email,
            first,
            last,
            role,
            status,
            teamId: team.id,
            isAdmin: role.endsWith('Admin') || role.endsWith('AdminUser'),
            terms: status === 'Active' ? rng.chance(0.9) : rng.chance(0.5),
            partnerTerms: needsPartnerTerms(role) ? rng.chance(0.7) : true,
          });
        }
      }
    }
    const userCount = userId;
    // Primary reps: internal staff.
    const internal = db.prepare("SELECT id FROM users WHERE team_id = 1 AND status = 'Active'").all() as {
      id: number;
    }[];
    const setRep = db.prepare('UPDATE users SET primary_rep_id = ? WHERE id = ?');
    for (let id = 1; id <= userCount; id++) setRep.run(rng.pick(internal).id, id);

    // Collector runs with servers and shared cluster disks.
    const owners = (db.prepare("SELECT id FROM users WHERE status = 'Active'").all() as { id: number }[]).map(
      (r) => r.id,
    );
    const insRun =
      db.prepare(`INSERT INTO collector_runs (id, name, owner_id, project_id, kind, started_at, planned_duration_s,
      stopped_at, archived, restored, collector_id) VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?)`);
    const insServer =
      db.prepare(`INSERT INTO servers (id, run_id, name, role, iops, capacity_gb, local_disk_count, os, cpu_cores, memory_gb)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const insDisk = db.prepare(
      'INSERT INTO cluster_disks (id, run_id, name, iops, capacity_gb) VALUES (?, ?, ?, ?, ?)',
    );
    const insLink = db.prepare('INSERT INTO server_disks (server_id, disk_id) VALUES (?, ?)');
    const RUNS = 500;
    let serverId = 0;
    let diskId = 0;
    for (let r = 1; r <= RUNS; r++) {
      const owner = rng.pick(owners);
      const plannedDays = rng.pick([1, 3, 7, 7, 14]);
      const roll = rng.next();
      // 20 % running, 65 % stopped (finished or stopped early), 15 % archived (some of them restored again).
      const running = roll < 0.2;
      const archived = roll >= 0.85;
      const startedAt = running
        ? now - rng.int(1, plannedDays * 24 - 1) * HOUR
        : now - rng.int(plannedDays + 1, 400) * DAY - rng.int(0, 86_399) * 1000;
      const stoppedAt = running
        ? null
        : startedAt + (rng.chance(0.8) ? plannedDays * DAY : rng.int(2, plannedDays * 24) * HOUR);
      const restored = !archived && !running && rng.chance(0.05);
      insRun.run(
        r,
        `${rng.pick(SITES)} ${rng.pick(PROJECT_WORDS)} run ${r}`,
        owner,
        rng.pick(['server', 'server', 'storage']),
        startedAt,
        plannedDays * 86400,
        stoppedAt,
        archived ? 1 : 0,
        restored ? 1 : 0,
        1000 + r,
      );
      const diskIds: number[] = [];
      const disks = rng.int(0, 4);
      for (let d = 0; d < disks; d++) {
        diskId += 1;
        diskIds.push(diskId);
        insDisk.run(
          diskId,
          r,
          `CSV-${String(d + 1).padStart(2, '0')}-R${r}`,
          rng.int(800, 60000),
          rng.int(500, 40000),
        );
      }
      const servers = rng.int(2, 12);
      for (let s = 0; s < servers; s++) {
        serverId += 1;
        const role = rng.pick(SERVER_ROLES);
        insServer.run(
          serverId,
          r,
          `${role.slice(0, 3).toUpperCase()}-${String(r).padStart(3, '0')}-${String(s + 1).padStart(2, '0')}`,
          role,
          rng.int(50, 25000),
          rng.int(100, 20000),
          rng.int(1, 24),
          rng.pick(OSES),
          rng.pick([4, 8, 16, 32, 64]),
          rng.pick([16, 32, 64, 128, 256, 512]),
        );
        for (const d of diskIds) if (rng.chance(0.6)) insLink.run(serverId, d);
      }
    }

    // ~50 projects in every archive/restore state, each with 1..8 of its owner's (or any) stopped runs.
    const insProject =
      db.prepare(`INSERT INTO projects (id, name, owner_id, created_at, updated_at, is_public, public_token,
      anonymous, is_demo, archive_state, archive_op, archive_started_at, source_project_id, failed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)`);
    const assign = db.prepare('UPDATE collector_runs SET project_id = ? WHERE id = ?');
    const free = new Set<number>(Array.from({ length: RUNS }, (_, i) => i + 1));
    const PROJECTS = 52;
    const states: (string | null)[] = [null, null, null, ...ARCHIVE_STATES];
    for (let p = 1; p <= PROJECTS; p++) {
      // The first projects belong to the demo accounts so each of them has something to see.
      const owner = p <= DEMO_ACCOUNTS.length * 2 ? ((p - 1) % DEMO_ACCOUNTS.length) + 1 : rng.pick(owners);
      const state =
        p <= states.length
          ? (states[(p - 1) % states.length] ?? null)
          : rng.chance(0.6)
            ? null
            : rng.pick(states);
      const created = now - rng.int(5, 500) * DAY - rng.int(0, 86_399) * 1000;
      const isPublic = state === null && rng.chance(0.25);
      insProject.run(
        p,
        `${rng.pick(SITES)} ${rng.pick(PROJECT_WORDS)} assessment`,
        owner,
        created,
        created + rng.int(0, 4) * DAY,
        isPublic ? 1 : 0,
        isPublic ? rng.hex(12) : null,
        rng.chance(0.1) ? 1 : 0,
        rng.chance(0.08) ? 1 : 0,
        state,
        state === null ? null : state.includes('Restore') || state === 'Restored' ? 'restore' : 'archive',
        null,
        p === PROJECTS ? 1 : 0,
      );
      const count = rng.int(1, 8);
      for (let k = 0; k < count && free.size > 0; k++) {
        const ids = [...free];
        const run = rng.pick(ids);
        free.delete(run);
        assign.run(p, run);
      }
    }

    // A project of each demo account whose processing failed (retry and support ticket), with two free runs.
    let failedId = PROJECTS;
    for (let a = 1; a <= DEMO_ACCOUNTS.length; a++) {
      {
        failedId += 1;
        const created = now - rng.int(5, 60) * DAY;
        insProject.run(
          failedId,
          `${rng.pick(SITES)} ${rng.pick(PROJECT_WORDS)} import`,
          a,
          created,
          created,
          0,
          null,
          0,
          0,
          null,
          null,
          null,
          1,
        );
        for (let r = 0; r < 2 && free.size > 0; r++) {
          const run = rng.pick([...free]);
          free.delete(run);
          assign.run(failedId, run);
        }
      }
    }

    // Real performance series for every run of a project (its own PRNG stream: the rest of the world is unchanged).
    seedSeries(db, SEED, now);
    // One vSphere estate (format v3: clusters, hosts, VMs, datastores) of the demo end user, after everything else.
    seedVsphereProject(db, SEED, now);

    // Promo sites of the OEM and partner teams.
    const insPromo = db.prepare(
      'INSERT INTO promo_sites (id, alias, team_id, active, promo_url) VALUES (?, ?, ?, ?, ?)',
    );
    let promoId = 0;
    TEAMS.forEach((t, i) => {
      if (t.kind !== 'OEM' && t.kind !== 'ChannelPartner') return;
      for (let k = 0; k < 2; k++) {
        promoId += 1;
        const alias = `${slug(t.name.split(' ')[0] ?? 'site')}${k === 0 ? '' : '-storage'}`;
        insPromo.run(
          promoId,
          alias,
          i + 1,
          rng.chance(0.5) ? 1 : 0,
          `https://${t.domain}/assessment${k === 0 ? '' : '/storage'}`,
        );
      }
    });
    // RSA-key collectors.
    const insCollector = db.prepare(
      'INSERT INTO collectors (id, template_id, capture_token, owner_id, created_at, key_id, enabled) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (let c = 1; c <= 12; c++) {
      insCollector.run(
        c,
        `tmpl-${rng.int(1, 4)}`,
        null,
        rng.pick(owners),
        now - rng.int(1, 200) * DAY,
        `rsa-${rng.hex(3)}`,
        rng.chance(0.7) ? 1 : 0,
      );
    }
    // Capture links a new user can open (each token builds one collector, issue #32 e): /dpackcapture?CaptureRequestToken=
    // demo-capture-01 … -20, valid for a year from the seed.
    const insCapture = db.prepare(
      'INSERT INTO capture_requests (token, requested_by, email, created_at, expires_at) VALUES (?, NULL, ?, ?, ?)',
    );
    for (const token of DEMO_CAPTURE_TOKENS)
      insCapture.run(token, 'capture@adventure-works.example', now, now + 365 * DAY);
    // Registration: two companies on one domain, with the accounts the lookup keys need (no random numbers).
    const firstRegistrationTeam = TEAMS.length + 1;
    REGISTRATION_TEAMS.forEach((t, i) => {
      insTeam.run(firstRegistrationTeam + i, t.name, t.kind, t.domain, 0, `SF-LITW${i + 1}`, 840, 'NA');
    });
    REGISTRATION_ACCOUNTS.forEach((a, i) => {
      userId += 1;
      insUser.run(
        userId,
        a.email,
        a.admin ? 'Robin' : 'Kim',
        `Litware ${i + 1}`,
        a.role,
        a.status,
        firstRegistrationTeam + a.team,
        a.admin ? 1 : 0,
        'en-US',
        840,
        1,
        1,
        null,
        hashPassword(DEMO_PASSWORD, Buffer.alloc(16, i + 1)),
        `+1 555 010 ${String(1000 + i)}`,
        now - 90 * DAY,
      );
    });
    db.prepare("INSERT INTO meta (key, value) VALUES ('seeded', ?)").run(String(SCHEMA_VERSION));
    const count = (t: string): number =>
      (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
    return {
      teams: count('teams'),
      users: count('users'),
      projects: count('projects'),
      runs: count('collector_runs'),
      servers: count('servers'),
      disks: count('cluster_disks'),
    };
  });
}
