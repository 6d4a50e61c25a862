/**
 * Imported first by the local stack: the AWS SDKs' notices about Node 20 (Lambda runs 22) and
 * about cognito-local's SDK v2 say nothing a person running Trendex locally can act on.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
