/**
 * `npm run bench -- pages` (issue 31, items 1 and 4): the portal's list pages against the framework floor, and the
 * Web Vitals of /JobClient and /SaveJob, measured in one run.
 *
 * The floor is a minimal Next app kept in bench/floor-app/, on the portal's own next and react: one server component
 * per page that signs nobody in and renders the page's default rows (page 1, the default page size, as plain table
 * cells) from the floor SQL of its list: the page's ids by the sort index, then those rows by primary key, no count
 * (bench/page-floors.ts writes the statements with the portal's own builders; the floor app runs them through the
 * `postgres` driver as named prepared statements). /JobClientStrip is the floor of /JobClient with the home strip's
 * statement run beside the list's, as the page runs it. /door/<page> is the floor of a signed-in page: its proxy.ts
 * checks the route from the session cookie and puts a fresh CSP nonce on the request, then the page reads the
 * session row by the portal's own statement before the same rows (the least the spec asks of every signed-in page:
 * roles and tenancy from the server-side session, a strict CSP). The floor app starts once the users are signed in:
 * its door is given their cookies' session ids and roles, as the portal's decoded-cookie cache holds them.
 *
 *  1. Whole-document time over HTTP (the last byte of the HTML; uncompressed: Accept-Encoding: identity) at
 *     BENCH_CONCURRENCY callers (default 8) x BENCH_REQUESTS requests each (default 40) after BENCH_WARM_UP warm-up
 *     requests each (default 40), the page and its floor interleaved in rounds: /JobClient and /Invoice as hv.user,
 *     /user as hv.admin, /Ops/Jobs as staff.operator. Goal: the page's p95 at most 1.5x its floor's. Also each
 *     document's size, as sent uncompressed and gzipped here (zlib's default level, as the server's
 *     compression): goal at most 30 KB raw. The same runs also measure each page's door floor, reported in a
 *     table of their own: the page's p95 against it, and what the door costs the floor.
 *  2. The home strip over HTTP (issue 28): the floor of /JobClient with and without the strip's statement,
 *     interleaved with the rest; what the strip adds at p95, as a share of /JobClient's p95 (goal at most 20%).
 *  3. LCP and INP of /JobClient and /SaveJob in Debian Chromium with the web-vitals library, desktop and a
 *     throttled phone (bench/page-vitals.ts), beside the floor app's /JobClient (its rows) and /SaveJob (a static
 *     form with the same first fields: the form has no list, so no floor SQL).
 * The load average is printed with the figures.
 *
 * Needs PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL) and a production build (`npm run build`); builds the floor
 * app itself (`next build --webpack bench/floor-app`, into .next-floor at the repository's root, or FLOOR_DIST_DIR relative
 * to bench/floor-app; skipped when that build is newer than every file of the floor app). Starts the portal
 * (scripts/start.ts: it migrates the database, and seeds the demo data into an empty one), a mail catcher and the
 * floor app on BENCH_PORT_BASE + 14 … + 18 (default 3990 + 14), signs the three users in through their e-mailed
 * codes (so it writes sessions: use a copy of the data set), measures, stops.
 *
 *   At scale:  createdb -T jms_bench jms_bench_copy    (the 1M-job data set of bench/jobs-list.ts)
 *              DATABASE_URL=postgres://postgres@127.0.0.1:5432/jms_bench_copy npm run bench -- pages
 *   Small:     createdb jms_pages                      (the portal seeds the demo data on its first start)
 *              DATABASE_URL=postgres://postgres@127.0.0.1:5432/jms_pages BENCH_REQUESTS=10 npm run bench -- pages
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { chromium, type Browser, type Cookie, type Page } from 'playwright-core';
import { openDatabase, type Db } from '@/db/client';
import { clients, jobs, sessions, users } from '@/db/schema';
import { SESSION_COOKIE } from '@/lib/auth/cookie';
import { decideRoute } from '@/lib/auth/routes';
import { ROLES } from '@/lib/reference';
import { runConcurrent, type RunStats } from './jobs-list-support';
import { floorSpec, type FloorDoorInput } from './page-floors';
import { measureVitals, type Target, type VitalsResult } from './page-vitals';
import type { Bench, BenchTable } from './run';
import { getPage, start, startPortal, waitFor, type Document } from './servers';

const C = Number(process.env.BENCH_CONCURRENCY ?? 8);
const N = Number(process.env.BENCH_REQUESTS ?? 40);
/**
 * Requests per caller and side before measuring, as the other benchmarks warm up: a fresh production server
 * compiles each module on first use, and V8 optimises a page's code only after a few hundred renders (the
 * portal's first 300 renders of /JobClient took 30–60% more CPU each than its later ones; the floor, with less
 * code, warms sooner). Both sides are measured warmed up, as an instance that has been serving for a while.
 */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 40);
const ROUNDS = 4;
/** Browser visits per page and profile after the first (cold) one. */
const VISITS = Number(process.env.BENCH_VITALS_VISITS ?? 3);
const GOAL_RATIO = 1.5;
const GOAL_KB = 30;
const GOAL_STRIP = 0.2;

type UserName = 'hv.user' | 'hv.admin' | 'staff.operator';

const PAGES: { path: string; user: UserName }[] = [
  { path: '/JobClient', user: 'hv.user' },
  { path: '/Invoice', user: 'hv.user' },
  { path: '/user', user: 'hv.admin' },
  { path: '/Ops/Jobs', user: 'staff.operator' },
];

const fmt = (n: number, d = 1) => Number(n.toFixed(d));
const kb = (bytes: number) => fmt(bytes / 1024, 1);
const load = () => (loadavg()[0] ?? 0).toFixed(1);

/** The rows of the first table body of a server-rendered document. */
const rowCount = (html: string) => html.match(/<tbody[\s\S]*?<\/tbody>/)?.[0].match(/<tr[\s>]/g)?.length ?? 0;

const FLOOR_DIR = path.resolve('bench/floor-app');
const NEXT_BIN = path.resolve('node_modules/next/dist/bin/next');

function newestIn(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.next') || e.name === 'next-env.d.ts') continue;
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestIn(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds the floor app unless its build is newer than its files. */
function buildFloor(): void {
  const dist = path.resolve(FLOOR_DIR, process.env.FLOOR_DIST_DIR ?? '../../.next-floor');
  const buildId = path.join(dist, 'BUILD_ID');
  if (existsSync(buildId) && statSync(buildId).mtimeMs > newestIn(FLOOR_DIR)) return;
  execFileSync(process.execPath, [NEXT_BIN, 'build', '--webpack', FLOOR_DIR], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

/** Signs a user in through the browser (the e-mailed code) and answers the session's cookies. */
async function signedIn(browser: Browser, appUrl: string, user: UserName): Promise<Cookie[]> {
  const { settleNotice, signIn } = await import('../e2e/support/auth');
  const ctx = await browser.newContext({ baseURL: appUrl, viewport: { width: 1280, height: 800 } });
  try {
    const page = await ctx.newPage();
    const staff = user.startsWith('staff.');
    await signIn(page, user, undefined, staff ? { landing: /\/Ops(\?|$)/ } : {});
    // The once-per-session notice is read now, so no later visit opens over it.
    if (!staff) await settleNotice(page);
    return await ctx.cookies(appUrl);
  } finally {
    await ctx.close();
  }
}

/**
 * The floor's door (bench/floor-app/proxy.ts): each signed-in user's session cookie with its session id and role, as
 * the portal's decoded-cookie cache holds them, and the roles the portal's route table admits to each page.
 */
async function floorDoor(db: Db, cookies: Map<UserName, Cookie[]>): Promise<FloorDoorInput> {
  const claims: FloorDoorInput['claims'] = {};
  for (const [user, jar] of cookies) {
    const value = jar.find((c) => c.name === SESSION_COOKIE)?.value;
    const [row] = await db
      .select({ sid: sessions.id, role: users.role })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(users.userName, user), isNull(sessions.revokedAt)))
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    if (!value || !row) throw new Error(`${user} has no session to give the floor's door`);
    claims[value] = row;
  }
  const roles = Object.fromEntries(
    PAGES.map((p) => [
      p.path.slice(1),
      ROLES.map((r) => r.id).filter((r) => decideRoute(p.path, r).action === 'allow'),
    ]),
  );
  return { cookie: SESSION_COOKIE, claims, roles };
}

const header = (cookies: Cookie[]) => cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/** The sides in alternating rounds after a warm-up each: a machine whose speed drifts weighs on all alike. */
async function interleaved(sides: (() => Promise<void>)[]): Promise<RunStats[]> {
  for (const f of sides) await runConcurrent(C, WARM_UP, f);
  const per = Math.max(1, Math.round(N / ROUNDS));
  const out: (RunStats | undefined)[] = sides.map(() => undefined);
  for (let i = 0; i < ROUNDS; i++) {
    const order = [...sides.entries()];
    if (i % 2 === 1) order.reverse();
    for (const [k, f] of order) {
      const r = await runConcurrent(C, per, f);
      out[k] = out[k]?.merge(r) ?? r;
    }
  }
  return out as RunStats[];
}

const whole = (url: string, cookie: string) => async () => void (await getPage(url, cookie, true));

/** Size of a document as sent uncompressed, and gzipped. */
const sizes = (d: Document) => ({ raw: d.bytes, gzip: gzipSync(d.html).length });

function vitalsTargets(appUrl: string, floorUrl: string): { real: Target; floor: Target }[] {
  const actions = (page: Page) => page.getByRole('button', { name: /^Actions for job / }).first();
  const typeIn = async (page: Page) => {
    const name = page.getByLabel(/^Contact name/);
    await name.click();
    await name.pressSequentially('Ann Lee', { delay: 40 });
    // A job type by keyboard (a native select: the arrow changes it), the form shows that type's fields.
    await page.getByLabel(/^Order type/).focus();
    await page.keyboard.press('ArrowDown');
  };
  return [
    {
      real: {
        label: '/JobClient',
        url: `${appUrl}/JobClient`,
        ready: (page) => actions(page).waitFor(),
        interact: async (page) => {
          await actions(page).click();
          await page.getByRole('menu').waitFor();
          await page.keyboard.press('Escape');
        },
      },
      floor: {
        label: 'floor /JobClient',
        url: `${floorUrl}/JobClient`,
        ready: (page) => page.locator('tbody tr').first().waitFor(),
        // The floor has nothing to open: a click on a row is the framework's least interaction.
        interact: (page) => page.locator('tbody td').first().click(),
      },
    },
    {
      real: {
        label: '/SaveJob',
        url: `${appUrl}/SaveJob`,
        ready: (page) => page.getByLabel(/^Contact name/).waitFor(),
        interact: typeIn,
      },
      floor: {
        label: 'floor /SaveJob (static form)',
        url: `${floorUrl}/SaveJob`,
        ready: (page) => page.getByLabel(/^Contact name/).waitFor(),
        interact: typeIn,
      },
    },
  ];
}

async function run(): Promise<BenchTable[]> {
  const dbUrl = process.env.BENCH_DATABASE_URL;
  if (!dbUrl)
    throw new Error(
      'Set DATABASE_URL to a PostgreSQL database (a copy of the bench data set, or an empty one for a small run)',
    );
  const base = Number(process.env.BENCH_PORT_BASE ?? 3990) + 14;
  // The e2e helpers (sign-in, mailbox) read their ports from E2E_PORT_BASE when first imported: app, -, smtp, mailbox.
  process.env.E2E_PORT_BASE = String(base);
  const appUrl = `http://127.0.0.1:${base}`;
  const floorPort = base + 4;
  const floorUrl = `http://127.0.0.1:${floorPort}`;
  const load0 = load();

  buildFloor();
  const portal = startPortal(base, dbUrl);
  const children: ChildProcess[] = [...portal.children];
  const handle = openDatabase({ url: dbUrl, max: 2 });
  let browser: Browser | undefined;
  try {
    // The portal migrates (and seeds an empty database) before it answers; the floor's statements need both.
    await portal.ready();

    const [hv] = await handle.db.select({ id: clients.id }).from(clients).where(eq(clients.accountNumber, 'HV1001'));
    const [hvUser] = await handle.db
      .select({ id: users.id, role: users.role, timeZone: users.timeZone })
      .from(users)
      .where(eq(users.userName, 'hv.user'));
    if (!hv || !hvUser) throw new Error('The demo client HV1001 or its user hv.user is missing');
    const [{ n: jobCount } = { n: 0 }] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(jobs);

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    const cookies = new Map<UserName, Cookie[]>();
    for (const user of ['hv.user', 'hv.admin', 'staff.operator'] as const)
      cookies.set(user, await signedIn(browser, appUrl, user));

    // The floor starts once the users are signed in: its door knows their cookies as the portal's cache does.
    const specFile = path.join(mkdtempSync(path.join(tmpdir(), 'jms-floor-')), 'floor.json');
    writeFileSync(
      specFile,
      JSON.stringify(
        floorSpec(
          handle.db,
          { clientId: hv.id, userId: hvUser.id, role: hvUser.role },
          hvUser.timeZone,
          await floorDoor(handle.db, cookies),
        ),
      ),
    );
    children.push(
      start([process.execPath, NEXT_BIN, 'start', FLOOR_DIR, '-p', String(floorPort)], {
        FLOOR_SPEC: specFile,
        FLOOR_DATABASE_URL: dbUrl,
        NODE_ENV: 'production',
      }),
    );
    await waitFor(`${floorUrl}/JobClient`, 60_000);

    // 1 and 2: each page against its floor; /JobClient's floor also with the strip.
    const pageRows = [];
    const doorRows = [];
    let strip: { without: RunStats; with: RunStats; page: RunStats } | undefined;
    for (const p of PAGES) {
      const cookie = header(cookies.get(p.user) ?? []);
      const [real, floor, doorFloor] = [
        await getPage(`${appUrl}${p.path}`, cookie, true),
        await getPage(`${floorUrl}${p.path}`, '', true),
        await getPage(`${floorUrl}/door${p.path}`, cookie, true),
      ];
      const sides = [
        whole(`${appUrl}${p.path}`, cookie),
        whole(`${floorUrl}${p.path}`, ''),
        whole(`${floorUrl}/door${p.path}`, cookie),
      ];
      if (p.path === '/JobClient') sides.push(whole(`${floorUrl}/JobClientStrip`, ''));
      const [r, f, d, s] = await interleaved(sides);
      if (!r || !f || !d) throw new Error('nothing measured');
      if (s) strip = { without: f, with: s, page: r };
      const [rs, fs] = [sizes(real), sizes(floor)];
      const ratio = r.p95 / f.p95;
      pageRows.push({
        page: p.path,
        'p95 ms': fmt(r.p95),
        'floor p95 ms': fmt(f.p95),
        ratio: fmt(ratio, 2),
        [`<= ${GOAL_RATIO}`]: ratio <= GOAL_RATIO ? 'yes' : 'NO',
        'mean ms': fmt(r.mean),
        'floor mean ms': fmt(f.mean),
        'doc KB': kb(rs.raw),
        'gzip KB': kb(rs.gzip),
        [`<= ${GOAL_KB} KB`]: rs.raw <= GOAL_KB * 1024 ? 'yes' : 'NO',
        'floor doc KB': kb(fs.raw),
        'floor gzip KB': kb(fs.gzip),
        'rows (page / floor / door)': `${rowCount(real.html)} / ${rowCount(floor.html)} / ${rowCount(doorFloor.html)}`,
      });
      doorRows.push({
        page: p.path,
        'p95 ms': fmt(r.p95),
        'door floor p95 ms': fmt(d.p95),
        'ratio to door floor': fmt(r.p95 / d.p95, 2),
        'door floor / floor': fmt(d.p95 / f.p95, 2),
        'mean ms': fmt(r.mean),
        'door floor mean ms': fmt(d.mean),
        'mean ratio': fmt(r.mean / d.mean, 2),
      });
    }
    const load1 = load();
    const stripRows = strip
      ? (() => {
          const added = strip.with.p95 - strip.without.p95;
          const share = added / strip.page.p95;
          return [
            {
              measure: 'floor of /JobClient with the strip vs without, p95',
              with: fmt(strip.with.p95),
              without: fmt(strip.without.p95),
              'added ms': fmt(added),
              '/JobClient p95 ms': fmt(strip.page.p95),
              share: `${fmt(share * 100, 1)}%`,
              [`<= ${GOAL_STRIP * 100}%`]: share <= GOAL_STRIP ? 'yes' : 'NO',
            },
            {
              measure: 'same, mean',
              with: fmt(strip.with.mean),
              without: fmt(strip.without.mean),
              'added ms': fmt(strip.with.mean - strip.without.mean),
              '/JobClient p95 ms': '',
              share: '',
              [`<= ${GOAL_STRIP * 100}%`]: '',
            },
          ];
        })()
      : [];

    // 3: Web Vitals, hv.user's session.
    const targets = vitalsTargets(appUrl, floorUrl);
    // A failure here (a page that changed its labels) does not hide the figures above.
    let vitalsError = '';
    const results = await measureVitals(
      browser,
      cookies.get('hv.user') ?? [],
      targets.flatMap((t) => [t.real, t.floor]),
      VISITS,
    ).catch((e: unknown) => {
      vitalsError = e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e);
      return [] as VitalsResult[];
    });
    const of = (profile: string, label: string): VitalsResult | undefined =>
      results.find((r) => r.profile === profile && r.target === label);
    const ms = (n: number | null | undefined) => (n === null || n === undefined ? 'n/a' : Math.round(n));
    const vitalsRows = [...new Set(results.map((r) => r.profile))].flatMap((profile) =>
      targets.map(({ real, floor }) => {
        const [a, b] = [of(profile, real.label), of(profile, floor.label)];
        return {
          profile,
          page: real.label,
          'LCP ms': ms(a?.lcp),
          'LCP cold ms': ms(a?.coldLcp),
          'INP ms': ms(a?.inp),
          floor: floor.label,
          'floor LCP ms': ms(b?.lcp),
          'floor LCP cold ms': ms(b?.coldLcp),
          'floor INP ms': ms(b?.inp),
          'LCP ratio': a?.lcp && b?.lcp ? fmt(a.lcp / b.lcp, 2) : 'n/a',
        };
      }),
    );
    const load2 = load();

    return [
      {
        title: `Pages vs the framework floor (bench/floor-app): whole document over HTTP, uncompressed; ${C} callers x ${N} requests per side; ${jobCount} jobs; load average ${load0} at start, ${load1} after (${cpus().length} CPUs)`,
        rows: pageRows,
      },
      {
        title:
          "The same pages vs the floor with the door (/door/* of bench/floor-app: the route check and CSP nonce in a proxy, then the session row by the portal's own statement, then the same rows), same run",
        rows: doorRows,
      },
      {
        title: `The home strip over HTTP (issue 28: adds at most ${GOAL_STRIP * 100}% to the page's p95)`,
        rows: stripRows,
      },
      {
        title: `Web Vitals (web-vitals library, Chromium): LCP median of ${VISITS} visits with a warm cache (cold: the first visit), INP median (the page's slowest interaction); load average ${load2}`,
        rows: vitalsError ? [{ profile: 'not measured', page: vitalsError }] : vitalsRows,
      },
    ];
  } finally {
    await browser?.close();
    for (const c of children) c.kill('SIGTERM');
    await handle.close();
  }
}

const bench: Bench = { name: 'pages', run };
export default bench;
