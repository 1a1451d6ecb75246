// Intentionally empty: the fixture has no public interface.
