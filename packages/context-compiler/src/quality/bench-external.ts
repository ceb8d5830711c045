// The bench's external set: real rule files of public repositories (their Cursor frontmatter: description,
// globs, alwaysApply, as facts; the bodies are our one-line summaries, not their text) and real file paths
// of the same repositories, grouped by the commit at which the indexed copy of each file last changed.
// Each case's label, the rules its change needs, is in bench-external-labels.ts, made by hand and apart
// from these facts. Reported apart from the internal corpus.

export interface ExternalRule {
  /** The rule file's name under .cursor/rules/. */
  file: string;
  description: string;
  globs: string;
  alwaysApply: boolean;
  summary: string;
}

export interface ExternalRepo {
  repo: string;
  /** The commit the rule files were read at. */
  rules_commit: string;
  rules: ExternalRule[];
}

export interface ExternalCase {
  id: string;
  repo: string;
  commit: string;
  files: string[];
  /**
   * A change to those files in a sentence, for the LLM-judge A/B: written by us from the paths, so it is
   * a plausible task on them, not the commit's own message.
   */
  task: string;
}

const SERVER = "El Servador/god_kaiser_server";

export const EXTERNAL_REPOS: ExternalRepo[] = [
  {
    repo: "Auto-one-Family/Automation-One",
    rules_commit: "d2b07fc7b242441e6d11df81308e7a47b67db7b8",
    rules: [
      {
        file: "api",
        description: "Server API Pattern Rules (El Servador)",
        globs: `"${SERVER}/src/api/**,${SERVER}/src/services/**,${SERVER}/src/db/**,${SERVER}/src/mqtt/**,${SERVER}/src/schemas/**"`,
        alwaysApply: false,
        summary: "Repositories, services, handlers and schemas follow the server's layered patterns.",
      },
      {
        file: "backend",
        description: "Python/FastAPI Backend Review Rules for El Servador",
        globs: `"El Servador/**/*.py,tests/**/*.py"`,
        alwaysApply: true,
        summary: "Endpoints call services, services call repositories; async I/O only.",
      },
      {
        file: "docker",
        description: "Docker and infrastructure rules",
        globs: `"docker-compose*,Makefile,scripts/docker/*,Dockerfile*,docker/**"`,
        alwaysApply: false,
        summary: "Every service gets a healthcheck, a restart policy and the project network.",
      },
      {
        file: "firmware",
        description: "ESP32 C++ Firmware, safety-critical (El Trabajante)",
        globs: `"El Trabajante/**/*.cpp,El Trabajante/**/*.h,El Trabajante/**/*.ino"`,
        alwaysApply: true,
        summary: "The device sends raw data and takes commands; no business logic on it.",
      },
      {
        file: "frontend",
        description: "Vue 3 TypeScript Frontend Review Rules (El Frontend)",
        globs: `"El Frontend/**/*.vue,El Frontend/**/*.ts,El Frontend/**/*.tsx"`,
        alwaysApply: true,
        summary: "Composition API, stores between API clients and components.",
      },
      {
        file: "general",
        description: "General development rules, always in force",
        globs: `"**"`,
        alwaysApply: true,
        summary: "No history rewrites, no secrets in versioned files.",
      },
      {
        file: "mqtt",
        description: "MQTT cross-layer rules, server and firmware",
        globs: `"El Servador/**/mqtt/**,El Trabajante/**/mqtt*,El Trabajante/**/topic*"`,
        alwaysApply: false,
        summary: "Topics are built by the topic builder on both sides.",
      },
      {
        file: "testing",
        description: "Testing rules for every part of the project",
        globs: `"**/tests/**,**/test_*,**/*.spec.ts,**/*.test.ts"`,
        alwaysApply: false,
        summary: "Exact assertions, failure cases always tested.",
      },
    ],
  },
  {
    repo: "BroadleafCommerce/BroadleafCommerce",
    rules_commit: "22146ea126902a824f6c2d28349af6dd218d3457",
    rules: [
      {
        file: "frontend",
        description: "Frontend implementation standards for React and UI changes",
        globs: `"**/*.{tsx,jsx,css,scss}"`,
        alwaysApply: false,
        summary: "Reuse existing components and tokens; keep keyboard access.",
      },
      {
        file: "git-hygiene",
        description: "Git safety and change hygiene for agent work",
        globs: "",
        alwaysApply: true,
        summary: "Never revert changes you did not make.",
      },
      {
        file: "service-contract-testing",
        description: "Contract testing standards for extracted TypeScript services",
        globs: `"**/*.{ts,tsx,js,jsx}"`,
        alwaysApply: false,
        summary: "Test business outcomes at the service boundary.",
      },
      {
        file: "testing",
        description: "Testing discipline for changed behavior and demo-ready verification",
        globs: `"**/*.{ts,tsx,js,jsx}"`,
        alwaysApply: false,
        summary: "Read nearby tests first; say exactly what was run.",
      },
    ],
  },
];

const A1 = "Auto-one-Family/Automation-One";
const BL = "BroadleafCommerce/BroadleafCommerce";
const TCS = "20090804_TCS/src-framework/org/broadleafcommerce";
const CYB = "BroadleafCommerce/BroadleafCommerceCyberSource/src/main/java/org/broadleafcommerce";

export const EXTERNAL_CASES: ExternalCase[] = [
  {
    id: "a1-sensor-handler",
    task: "Handle a new sensor reading field end to end: the firmware's MQTT client publishes it, the server's subscriber and sensor handler store it, and the actuator alert handler and test fixtures cover it.",
    repo: A1,
    commit: "9e5057ba77478a3821a6b92fdf6ee5ffb10381b1",
    files: [
      `${SERVER}/src/mqtt/handlers/sensor_handler.py`,
      `${SERVER}/src/mqtt/handlers/actuator_alert_handler.py`,
      `${SERVER}/src/mqtt/subscriber.py`,
      `${SERVER}/tests/conftest.py`,
      "El Trabajante/src/services/communication/mqtt_client.cpp",
    ],
  },
  {
    id: "a1-offline-buffer",
    task: "Buffer MQTT messages on the server while the broker is unreachable and replay them on reconnect, registering the buffer with the handlers; keep the frontend's drag state in step.",
    repo: A1,
    commit: "6f7f5b76db90a915050c796a5dd3dc7a3edfafb2",
    files: [
      `${SERVER}/src/mqtt/handlers/__init__.py`,
      `${SERVER}/src/mqtt/offline_buffer.py`,
      "El Frontend/src/stores/dragState.ts",
    ],
  },
  {
    id: "a1-firmware-and-tests",
    task: "Make the firmware fall back to stored WiFi and MQTT settings after a failed connection, and add server tests for actuator timeouts, the MQTT fallback and API audit entries.",
    repo: A1,
    commit: "75996fcb194dc5ba2178ef05b5dc8a1eaebeff6b",
    files: [
      "El Trabajante/src/services/communication/wifi_manager.cpp",
      "El Trabajante/src/services/config/storage_manager.h",
      `${SERVER}/tests/esp32/test_actuator_timeout.py`,
      `${SERVER}/tests/esp32/test_mqtt_fallback.py`,
      `${SERVER}/tests/integration/test_api_audit.py`,
    ],
  },
  {
    id: "a1-mqtt-client",
    task: "Add automatic reconnect with backoff to the server's MQTT client and make the publisher wait for the connection instead of dropping messages.",
    repo: A1,
    commit: "15fccde3b07be73b51e96196df59cf50802d8bf6",
    files: [`${SERVER}/src/mqtt/client.py`, `${SERVER}/src/mqtt/publisher.py`],
  },
  {
    id: "a1-topics",
    task: "Add a topic for actuator status acknowledgements and handle it in the actuator handler.",
    repo: A1,
    commit: "e28d548875a023be19543425c308eb800729952b",
    files: [`${SERVER}/src/mqtt/handlers/actuator_handler.py`, `${SERVER}/src/mqtt/topics.py`],
  },
  {
    id: "a1-config-discovery",
    task: "Let a device that announces itself through discovery receive its stored configuration, on the server's config and discovery handlers and in the firmware's storage manager.",
    repo: A1,
    commit: "bd1d5d186ae785b5247a6be0207c40f2b1fb00fe",
    files: [
      `${SERVER}/src/mqtt/handlers/config_handler.py`,
      `${SERVER}/src/mqtt/handlers/discovery_handler.py`,
      "El Trabajante/src/services/config/storage_manager.cpp",
    ],
  },
  {
    id: "a1-mock-esp",
    task: "Extend the mock ESP32 used by the server tests and the frontend's mock store so a simulated device can report actuator states.",
    repo: A1,
    commit: "1d0fe89fdc5a5919663943855ec9f704ed33372c",
    files: ["El Frontend/src/stores/mockEsp.ts", `${SERVER}/tests/esp32/mocks/mock_esp32_client.py`],
  },
  {
    id: "a1-provisioning",
    task: "Make device provisioning register the sensors a device reports, in the firmware's provisioning and sensor managers.",
    repo: A1,
    commit: "10d204d02cb07323e20851b9515c5462443389e9",
    files: [
      "El Trabajante/src/services/provisioning/provision_manager.cpp",
      "El Trabajante/src/services/sensor/sensor_manager.h",
    ],
  },
  {
    id: "a1-actuator-headers",
    task: "Add a maximum runtime to pump and PWM actuators, declared in the actuator manager and sent back in the config response.",
    repo: A1,
    commit: "955a9a0a2b0e55cfa429f92728b8bd7b9ae95d16",
    files: [
      "El Trabajante/src/services/actuator/actuator_drivers/pump_actuator.h",
      "El Trabajante/src/services/actuator/actuator_drivers/pwm_actuator.h",
      "El Trabajante/src/services/actuator/actuator_manager.h",
      "El Trabajante/src/services/config/config_response.cpp",
    ],
  },
  {
    id: "a1-logging-stack",
    task: "Ship serial logs of the ESP32 into Loki through a logger container, tune the Postgres configuration, and add an end-to-end test of the emergency stop.",
    repo: A1,
    commit: "c907f7919a6a269ed9df11f4a05c8a4b35bf570f",
    files: [
      "docker/esp32-serial-logger/Dockerfile",
      "docker/loki/loki-config.yml",
      "docker/postgres/postgresql.conf",
      `${SERVER}/tests/e2e/test_e2e_emergency.py`,
    ],
  },
  {
    id: "a1-kaiser-handler",
    task: "Handle heartbeat messages from Kaiser nodes on the server, with end-to-end and integration tests for the sensor workflow, API auth and the MQTT flow.",
    repo: A1,
    commit: "78c0534f3525e562e12f15a9d0ada6bac7cdd923",
    files: [
      `${SERVER}/src/mqtt/handlers/kaiser_handler.py`,
      `${SERVER}/tests/e2e/test_sensor_workflow.py`,
      `${SERVER}/tests/integration/test_api_auth.py`,
      `${SERVER}/tests/integration/test_mqtt_flow.py`,
    ],
  },
  {
    id: "a1-sensor-processor",
    task: "Add calibration offsets to the firmware's enhanced sensor processor.",
    repo: A1,
    commit: "573f35d8cd529e2f8bd40312c616b2ca2eea4631",
    files: [
      "El Trabajante/src/services/sensor/pi_enhanced_processor.cpp",
      "El Trabajante/src/services/sensor/pi_enhanced_processor.h",
    ],
  },
  {
    id: "bl-checkout-cart",
    task: "Keep the cart when a checkout fails validation, in the checkout and cart controllers.",
    repo: BL,
    commit: "b58ba17ff438351ffbdb2333ce293251b3a705ca",
    files: [`${TCS}/checkout/web/CheckoutController.java`, `${TCS}/order/web/CartController.java`],
  },
  {
    id: "bl-cybersource-module",
    task: "Map CyberSource decline codes to payment errors in the credit card module and the shared CyberSource service.",
    repo: BL,
    commit: "486aaf604ad0f31dd9535eb28a83a3f4d5abaeb3",
    files: [
      `${CYB}/payment/service/module/CyberSourceCreditCardModule.java`,
      `${CYB}/vendor/cybersource/service/AbstractCyberSourceService.java`,
    ],
  },
  {
    id: "bl-cybersource-manager",
    task: "Retry CyberSource requests once on a timeout, in the service and its service manager.",
    repo: BL,
    commit: "309321a1a58bdce3e91e2ea7c82189358eb9cef3",
    files: [
      `${CYB}/vendor/cybersource/service/CyberSourceService.java`,
      `${CYB}/vendor/cybersource/service/CyberSourceServiceManagerImpl.java`,
    ],
  },
];
