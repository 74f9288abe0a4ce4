// What /login's screen renders beyond the entry's components (app/login-screen.ts).
// The lists are checked against what the modules import (apps/web/build/mantine-styles.test.ts).
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
