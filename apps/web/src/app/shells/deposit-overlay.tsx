import { useLatinNameCopy } from '../../features/account/components/profile/use-latin-name-copy';
import { DepositModal } from '../../features/deposit/components/deposit-modal';

/**
 * The deposit modal with the account feature's Latin-name check on its copy action, put together
 * here so neither feature imports the other's components. Loaded with the modal, when first opened.
 */
export function DepositOverlay(props: { opened: boolean; onClose: () => void }) {
  const nameCopy = useLatinNameCopy();
  return <DepositModal {...props} nameCopy={nameCopy} />;
}
