/**
 * Outside Lambda, where Powertools never traces, the X-Ray SDK starts in manual mode: in its default mode it installs
 * an async hook (cls-hooked) with a destroy callback on every promise the process makes, which cost the local
 * gateway, which runs every function in one process, about 7% of its CPU and a share of its garbage collection under
 * load (docs/performance.md, "Morning rush"). Imported before the tracer, so the SDK reads it when it loads; inside
 * Lambda nothing changes and traces keep their automatic context.
 */
if (!process.env.AWS_LAMBDA_FUNCTION_NAME) process.env.AWS_XRAY_MANUAL_MODE ??= '1';
