import { getHandle } from '@/db/client';
import { config, ConfigError } from '@/lib/config';

async function main() {
  try {
    config();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const handle = await getHandle();
  await handle.migrate();
  console.log(`Migrations applied (${handle.engine}).`);
  await handle.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
