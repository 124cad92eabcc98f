/**
 * The kit's layout, text, card, picture, badge and toggle pieces: Amplify UI's own primitives with their props (style
 * props such as `gap`, `direction` or `color="font.secondary"` read the theme's tokens). They need Amplify UI's
 * JavaScript and its ThemeProvider (without it each render builds the whole theme again, about 30 ms), so only the
 * pages under the router's Amplify-themed layout route (app/routes/amplify-themed.tsx) use them, and ESLint keeps this
 * module out of the first pages, the signed-in frame and the rest of the kit (docs/ui-kit.md).
 */
export { Badge, Card, Flex, Heading, Image, Text, ToggleButton, ToggleButtonGroup, View } from '@aws-amplify/ui-react';
