/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // NEXT_DIST_DIR lets several builds live side by side (parallel e2e runs); default .next.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  experimental: {
    // Each route's modules load on its first request, as on a serverless platform, instead of all of them at once
    // right after start: that background load took the CPU from the instance's first requests (a cold instance's
    // first sign-in code: 1.6–2.3 s with it, 1.0–1.3 s without; docs/decisions/037-cold-start.md).
    preloadEntriesOnStart: false,
  },
  // Native / WASM server-only packages stay outside the bundle.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pino', 'nodemailer', 'postgres', 'pdfkit'],
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
    ];
  },
};

export default nextConfig;
