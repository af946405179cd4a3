/** GET api/Settings/GetApplicationBuildDetails: { BuildNumber, BuildVersion } of the running build. */
import { getBuildInfo } from '@/lib/build-info';
import { publicRoute } from '@/lib/http/route';
import { buildDetailsAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const GET = publicRoute({ response: buildDetailsAnswer }, async () => getBuildInfo());
