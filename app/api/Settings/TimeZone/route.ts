/** GET api/Settings/TimeZone (spec §7): the IANA time zones, [{ TimeZoneId, DisplayName }]. */
import { apiRoute } from '@/lib/http/route';
import { timeZoneList } from '@/lib/settings/time-zones';
import { timeZonesAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ response: timeZonesAnswer }, async () => timeZoneList());
