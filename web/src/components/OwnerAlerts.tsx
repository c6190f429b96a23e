// The dashboard's banner: what is wrong with the running shop (e-mails not going out, Stripe's notices failing for 15
// minutes), in words, while it lasts. Asked for again every minute; nothing is shown while all is well.
import { Callout, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { healthApi } from '#contracts/shared/health.ts';
import { queryFor } from '../lib/api.ts';

export function OwnerAlerts() {
  const alerts = useQuery({ ...queryFor(healthApi.alerts), refetchInterval: 60_000 }).data?.alerts ?? [];
  if (alerts.length === 0) return null;
  return (
    <div className="owner-alerts">
      {alerts.map((alert) => (
        <Callout.Root key={alert.kind} color="red" role="alert" highContrast mb="3">
          <Callout.Text>
            <Text weight="bold">
              {alert.kind === 'reactor' ? 'E-mails are not going out. ' : 'Stripe notices are failing. '}
            </Text>
            {alert.message}
          </Callout.Text>
        </Callout.Root>
      ))}
    </div>
  );
}
