import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's theme with the recipes of the components the app uses, not all ~75 of them: Chakra's
 * defaultConfig carries every recipe into the first load (about 30 KB gzip of styles no page
 * uses). A component used without its recipe here renders unstyled; test/unit/web/theme.test.ts
 * fails when one is missing.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      stat: statSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
    },
  },
});

/**
 * Trendex design system: a deep "trust" blue for brand actions, an emerald accent for gains,
 * and semantic surface tokens with light and dark values. Spacing and type use Chakra's scale.
 */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.canvas', color: 'fg', scrollBehavior: 'smooth' },
    '*::selection': { bg: 'brand.200', color: 'brand.950' },
  },
  theme: {
    layerStyles: {
      /** The raised surface of every content card: one look for panels across the app. */
      card: {
        value: {
          bg: 'bg.surface',
          borderWidth: '1px',
          borderColor: 'border.card',
          borderRadius: 'xl',
          boxShadow: 'xs',
        },
      },
    },
    tokens: {
      fonts: {
        heading: {
          value:
            "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
        },
        body: {
          value:
            "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
        },
      },
      colors: {
        brand: {
          50: { value: '#eef4ff' },
          100: { value: '#d9e6ff' },
          200: { value: '#bcd3ff' },
          300: { value: '#8eb6ff' },
          400: { value: '#598dff' },
          500: { value: '#3366ff' },
          600: { value: '#1d48f0' },
          700: { value: '#1737c9' },
          800: { value: '#1a31a2' },
          900: { value: '#1b2f80' },
          950: { value: '#0b1b3a' },
        },
        gain: {
          50: { value: '#e8fbf3' },
          100: { value: '#c6f4e0' },
          200: { value: '#91e8c6' },
          300: { value: '#55d6a6' },
          400: { value: '#2fd89e' },
          500: { value: '#12b886' },
          600: { value: '#0a966d' },
          700: { value: '#0a7759' },
          800: { value: '#0b5e48' },
          900: { value: '#0a4d3c' },
          950: { value: '#042b22' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          // brand.500 in dark mode held white text at 4.7:1 but its captions (80% white) at 3.6:1
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
          border: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
        },
        gain: {
          // white text on it holds 4.5:1 (WCAG AA) in both modes: 5.5:1 on gain.700
          solid: { value: '{colors.gain.700}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.gain.700}', _dark: '{colors.gain.300}' } },
          muted: { value: { _light: '{colors.gain.100}', _dark: '{colors.gain.900}' } },
          subtle: { value: { _light: '{colors.gain.50}', _dark: '{colors.gain.950}' } },
          emphasized: { value: { _light: '{colors.gain.200}', _dark: '{colors.gain.800}' } },
          focusRing: { value: { _light: '{colors.gain.500}', _dark: '{colors.gain.400}' } },
          border: { value: { _light: '{colors.gain.200}', _dark: '{colors.gain.800}' } },
        },
        // Chakra's solid green, teal and cyan (the 600s) and light-mode orange hold white text at
        // 3.3-3.7:1, under WCAG AA's 4.5:1 (the "Active" badge was 3.29:1): their 700s hold 5:1 or more.
        // test/unit/web/contrast.test.ts checks every palette's badges in both modes.
        green: { solid: { value: '{colors.green.700}' } },
        teal: { solid: { value: '{colors.teal.700}' } },
        cyan: { solid: { value: '{colors.cyan.700}' } },
        orange: { solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.600}' } } },
        bg: {
          DEFAULT: { value: { _light: '{colors.white}', _dark: '#0b1222' } },
          panel: { value: { _light: '{colors.white}', _dark: '#0e1628' } },
          subtle: { value: { _light: '{colors.gray.50}', _dark: '#0f192e' } },
          muted: { value: { _light: '{colors.gray.100}', _dark: '#16213a' } },
          canvas: { value: { _light: '#f6f8fc', _dark: '#070d1a' } },
          surface: { value: { _light: 'white', _dark: '#0e1628' } },
          raised: { value: { _light: '#eef2f9', _dark: '#142038' } },
          hero: { value: { _light: '#0b1b3a', _dark: '#050a15' } },
        },
        fg: {
          // Chakra's subtle grey (gray.400, 2.6:1 on white) fails WCAG AA for text: captions use
          // the muted grey in light mode (7.7:1 on white, 6.9:1 on bg.raised)
          subtle: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.400}' } },
        },
        border: {
          card: { value: { _light: '#e3e8f2', _dark: '#1c2942' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
