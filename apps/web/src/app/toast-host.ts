// The toast host and its stylesheets, in the lazy chunk providers.tsx loads after the first
// screen: Mantine's notifications, and core's Notification with what it builds on (a close
// button, a loader), in Mantine's layer like every other Mantine stylesheet here.
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

export { Notifications } from '@mantine/notifications';
