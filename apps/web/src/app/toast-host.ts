// The toast host and its stylesheet, in the lazy chunk providers.tsx loads after the first
// screen (Mantine's layered styles, like every other Mantine stylesheet here).
import '@mantine/notifications/styles.layer.css';

export { Notifications } from '@mantine/notifications';
