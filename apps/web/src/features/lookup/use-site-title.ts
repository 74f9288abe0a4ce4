import { useEffect } from 'react';
import { useSiteInfo } from './api/get-info';

/** The operator's site name from the info lookup, also used as the browser tab title. */
export function useSiteName(): string | undefined {
  const { data } = useSiteInfo();
  const name = data?.name;
  useEffect(() => {
    if (name) document.title = name;
  }, [name]);
  return name;
}
