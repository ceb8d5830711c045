// The external set's answers, labelled by hand: for each case, the rule files a reviewer of that change
// would want the agent to have read, each with the reason. Decided from the case's task and files and each
// rule's description and summary alone, without running archon and without reading the rules' globs or
// alwaysApply: those are what archon imports, so a label taken from them could not fail (issue 35). A rule
// the change does not concern is left out even when Cursor would attach it; a rule the change concerns is
// in even when no glob of it matches the files.

export interface HandLabel {
  /** Rule file (without .mdc) → why the change needs it. */
  needed: Record<string, string>;
  /** Rules one might expect, and why the change does not need them: the close calls, said once. */
  left_out?: Record<string, string>;
}

const GENERAL = "no history rewrites and no secrets hold for every change to the repository";
const TESTS_ARE_NOT_ENDPOINTS =
  "its subject is how endpoints, services and repositories call each other; Python test code changes none of them";

export const EXTERNAL_LABELS: Record<string, HandLabel> = {
  "a1-sensor-handler": {
    needed: {
      general: GENERAL,
      backend: "the server's MQTT handlers and subscriber are Python and must stay async",
      api: "the handlers store the new field, through the server's services and repositories",
      mqtt: "the field crosses from the firmware to the server over MQTT",
      firmware: "the firmware's MQTT client publishes the field: raw data, no logic on the device",
      testing: "the test fixtures change to cover the field",
    },
    left_out: { frontend: "no screen shows the field in this change" },
  },
  "a1-offline-buffer": {
    needed: {
      general: GENERAL,
      backend: "a buffer on the server's event loop must not block it",
      api: "the buffer is registered with the MQTT handlers, inside the server's layers",
      mqtt: "buffered messages are replayed onto the broker's topics",
      frontend: "the front end's drag-state store changes",
    },
    left_out: { firmware: "the device is untouched: the buffering is on the server" },
  },
  "a1-firmware-and-tests": {
    needed: {
      general: GENERAL,
      firmware: "the WiFi manager and storage manager on the device change",
      testing: "three server tests are added",
    },
    left_out: {
      backend: TESTS_ARE_NOT_ENDPOINTS,
      mqtt: "the fallback reads stored broker settings; no topic changes",
    },
  },
  "a1-mqtt-client": {
    needed: {
      general: GENERAL,
      backend: "waiting for the connection must not block the server's async I/O",
      mqtt: "the MQTT client and publisher both sides talk through change",
    },
    left_out: { api: "the client and publisher are infrastructure, not a handler, service or repository" },
  },
  "a1-topics": {
    needed: {
      general: GENERAL,
      backend: "the actuator handler is server Python",
      api: "the handler follows the server's layered patterns",
      mqtt: "a new topic, which the topic builder must build",
    },
    left_out: { firmware: "the change is on the server's side only" },
  },
  "a1-config-discovery": {
    needed: {
      general: GENERAL,
      backend: "the config and discovery handlers are server Python",
      api: "the handlers read the stored configuration through the server's layers",
      mqtt: "discovery and configuration travel over MQTT between server and device",
      firmware: "the device's storage manager keeps what it receives",
    },
  },
  "a1-mock-esp": {
    needed: {
      general: GENERAL,
      frontend: "the front end's mock store changes",
      testing: "the mock ESP32 the server tests use changes",
      mqtt: "the mock device reports actuator states on MQTT topics, which must come from the topic builder",
    },
    left_out: { backend: TESTS_ARE_NOT_ENDPOINTS },
  },
  "a1-provisioning": {
    needed: {
      general: GENERAL,
      firmware: "provisioning and the sensor manager on the device change",
    },
  },
  "a1-actuator-headers": {
    needed: {
      general: GENERAL,
      firmware: "a safety limit on the device's pump and PWM actuators",
    },
    left_out: { mqtt: "the runtime rides in the existing config response; no topic changes" },
  },
  "a1-logging-stack": {
    needed: {
      general: GENERAL,
      docker: "a new logger container, and the Loki and Postgres services' configuration",
      testing: "an end-to-end test of the emergency stop is added",
    },
    left_out: {
      backend: TESTS_ARE_NOT_ENDPOINTS,
      firmware: "the device's serial output is read, not changed",
    },
  },
  "a1-kaiser-handler": {
    needed: {
      general: GENERAL,
      backend: "a new server handler in Python",
      api: "the handler follows the server's layered patterns",
      mqtt: "heartbeats arrive on a topic",
      testing: "end-to-end and integration tests are added",
    },
  },
  "a1-sensor-processor": {
    needed: {
      general: GENERAL,
      firmware: "calibration on the device is the question the firmware rule answers (raw data, no logic)",
    },
  },
  "bl-checkout-cart": {
    needed: {
      "git-hygiene": "every agent change in the repository",
      testing:
        "checkout behaviour changes: read the nearby tests and say what was run, whatever the language",
    },
    left_out: { "service-contract-testing": "no extracted TypeScript service is involved" },
  },
  "bl-cybersource-module": {
    needed: {
      "git-hygiene": "every agent change in the repository",
      testing: "decline handling changes: read the nearby tests and say what was run, whatever the language",
    },
    left_out: { "service-contract-testing": "a Java payment module, not an extracted TypeScript service" },
  },
  "bl-cybersource-manager": {
    needed: {
      "git-hygiene": "every agent change in the repository",
      testing: "retry behaviour changes: read the nearby tests and say what was run, whatever the language",
    },
    left_out: { "service-contract-testing": "a Java service manager, not an extracted TypeScript service" },
  },
};
