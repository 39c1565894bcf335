# Placeholder until the Java bridge lands.
