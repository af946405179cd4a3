/**
 * The framework floor of the page benchmark (bench/pages.ts): a minimal Next app on the portal's own next and react,
 * built (`next build --webpack`) and started by the benchmark. Its build goes to .next-floor at the repository's root
 * (ignored like every .next-*), or FLOOR_DIST_DIR (relative to this directory).
 *
 * Webpack, not Turbopack: Turbopack's root has to be the repository's (the packages are there), and from there it
 * takes the portal's proxy.ts and instrumentation.ts as the floor's own.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  distDir: process.env.FLOOR_DIST_DIR || '../../.next-floor',
  poweredByHeader: false,
  serverExternalPackages: ['postgres'],
  // The packages are the portal's (node_modules at the repository's root).
  outputFileTracingRoot: root,
};

export default nextConfig;
