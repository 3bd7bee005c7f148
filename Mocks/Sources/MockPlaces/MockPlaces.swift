/// The mock Places server library.
public enum MockPlacesModule {}
