import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/** The root of every screen: a thin gold bar while the next screen loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && <div className="wallet-route-progress" aria-hidden />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
