import { useQuery } from '@tanstack/react-query';
import { timings } from '@wallet/contract/constants';
import { useEffect, useState } from 'react';
import { lazyOverlay } from '../../../components/ui/lazy-overlay';
import { useSessionStore } from '../../../lib/session-store';
import { agreementsQueryOptions } from '../api/get-agreements';

const AgreementDialog = lazyOverlay(
  async () => (await import('./agreement-dialog')).AgreementDialog,
  (props) => props.opened,
);

/**
 * The spec's screens, Home: the member agreement appears 1.5 s after the page loads unless the
 * stored flag (`remember-agreement`) says it was accepted. The flag is dropped whenever the
 * public shell opens, so each new sign-in shows the agreement again; closing it without
 * accepting shows it again next time.
 */
export function AgreementModal() {
  const agreed = useSessionStore((s) => s.agreement);
  const setAgreement = useSessionStore((s) => s.setAgreement);
  const [due, setDue] = useState(false);
  const { data } = useQuery({ ...agreementsQueryOptions(), enabled: !agreed });

  useEffect(() => {
    if (agreed) return;
    const timer = setTimeout(() => setDue(true), timings.agreementModalDelayMs);
    return () => clearTimeout(timer);
  }, [agreed]);

  // Shown only with its text: an empty agreement would ask the member to accept nothing.
  const opened = due && !agreed && data !== undefined;
  return (
    <AgreementDialog
      opened={opened}
      agreement={data}
      onAccept={() => setAgreement(true)}
      onClose={() => setDue(false)}
    />
  );
}
