// pnpm's install hooks (https://pnpm.io/pnpmfile).
module.exports = {
  hooks: {
    readPackage(pkg) {
      // /api/docs serves only Scalar's prebuilt browser bundle (dist/browser/standalone.js),
      // which carries everything it runs; the package's own dependencies (Vue, its components,
      // about 260 packages) are for apps that build it from source. Leaving them out keeps a
      // fresh install, which the test suite's five minutes include, as it was.
      if (pkg.name === "@scalar/api-reference") {
        pkg.dependencies = {};
        pkg.peerDependencies = {};
      }
      return pkg;
    },
  },
};
