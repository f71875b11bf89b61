import { useTranslation } from 'react-i18next';
import { useConnection } from '../lib/socket.ts';

/** Live / reconnecting… in the header: whether the prices on screen are still moving. */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const state = useConnection((s) => s.state);
  return (
    <span className={`conn conn-${state}`} role="status" data-testid="connection" data-state={state}>
      <span className="conn-dot" aria-hidden="true" />
      <span className="conn-label">{t(`realtime.${state}`)}</span>
    </span>
  );
}
